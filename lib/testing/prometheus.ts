/**
 * /metrics as tests read it: the text parsed by a Prometheus text-format parser (a malformed exposition
 * throws), and a counter's, gauge's or histogram's count summed over the samples whose labels match.
 *
 * The parser (parse-prometheus-text-format 1.1) folds a labelled histogram into one sample without its
 * labels; so the text is parsed a second time with histograms declared untyped, which gives each of their
 * `_count` series as a family of its own, labels kept.
 */
import parsePrometheusTextFormat, { type PrometheusFamily } from "parse-prometheus-text-format";

export interface Families {
  get(name: string): PrometheusFamily | undefined;
  has(name: string): boolean;
  /** Per-series families (`<histogram>_count` among them), labels kept. */
  readonly series: Map<string, PrometheusFamily>;
}

export function parseMetrics(text: string): Families {
  const families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
  const untyped = text.replace(/^# TYPE (\S+) histogram$/gm, "# TYPE $1 untyped");
  // Each histogram's series come back as one family per run of lines: merged by name.
  const series = new Map<string, PrometheusFamily>();
  for (const f of parsePrometheusTextFormat(untyped)) {
    const known = series.get(f.name);
    if (known) known.metrics.push(...f.metrics);
    else series.set(f.name, f);
  }
  return { get: (name) => families.get(name), has: (name) => families.has(name), series };
}

/** The sum of a family's values (a histogram's counts) over the samples whose labels include `labels`. */
export function sampleSum(families: Families, name: string, labels: Record<string, string> = {}): number {
  const family =
    families.get(name)?.type === "HISTOGRAM" ? families.series.get(`${name}_count`) : families.get(name);
  if (!family) return 0;
  return family.metrics
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((total, m) => total + Number(m.value), 0);
}
