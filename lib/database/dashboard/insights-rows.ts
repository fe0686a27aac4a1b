/** The Insights rollup's row shapes (migration 0022), pure types shared by its queries and the page. */

export type RollupGranularity = "hour" | "day" | "week";

export interface RollupSeriesRow {
  /** The bucket's start as the viewer's wall-clock time, "YYYY-MM-DDTHH:MI". */
  bucket: string;
  currency: string;
  count: number;
  /** Money of the successful orders created in the bucket, a decimal string. */
  volume: string;
}

export interface RollupDimensionRow {
  currency: string;
  direction: string;
  method: string;
  country: string;
  status: string;
  bank: string;
  payBucket: number;
  count: number;
  amount: string;
}
