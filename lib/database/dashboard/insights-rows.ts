/** The Insights rollups' row shapes (migrations 0022, 0025), pure types shared by its queries and the page. */

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
  /** A pay-out's failure reason (migration 0025's order_failure_reason), '' for anything else. */
  reason: string;
  count: number;
  amount: string;
}

/** A signed piece of the rollups (migration 0025): a span's row at `start` (epoch ms), added or subtracted. */
export interface RollupPiece {
  span: "hour" | "6h" | "day" | "week";
  start: number;
  sign: 1 | -1;
}

/** The bank-app chooser's funnel over a period (migration 0026): orders by the furthest step reached. */
export interface FunnelCounts {
  /** Pay pages that showed the chooser (orders, each once). */
  opened: number;
  /** Of those, the ones where an app was chosen. */
  chosen: number;
  /** Of those, the ones now paid (Success). */
  paid: number;
}
