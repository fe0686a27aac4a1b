"use client";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import styles from "./insights.module.css";

export interface SeriesLine {
  label: string;
  values: (number | null)[];
}

const COLORS = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#0891b2"];

/**
 * A time series drawn by uPlot on a canvas, sized to its container (so it fits 390 px). The canvas is
 * decoration for sighted users: the figure carries a summary as its accessible name, and the numbers are in
 * the table beside it. `x` are the buckets' wall-clock starts in the viewer's zone, as seconds "as if UTC",
 * and the axis is drawn in UTC so it shows exactly those wall-clock times.
 */
export function SeriesChart({
  label,
  x,
  xRange,
  lines,
}: {
  label: string;
  x: number[];
  /** The whole range (wall-clock seconds), so a sparse series is drawn where it belongs. */
  xRange: [number, number];
  lines: SeriesLine[];
}) {
  const [xMin, xMax] = xRange;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let stopped = false;
    let observer: ResizeObserver | null = null;
    void import("uplot").then(({ default: UPlot }) => {
      if (stopped) return;
      const size = () => ({ width: Math.max(240, el.clientWidth), height: 220 });
      plot = new UPlot(
        {
          ...size(),
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "UTC"),
          legend: { show: lines.length > 1 },
          cursor: { show: true, drag: { x: false, y: false } },
          scales: {
            x: { time: true, range: [xMin, xMax] },
            y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
          },
          axes: [{ stroke: "#64748b" }, { stroke: "#64748b", size: 56 }],
          series: [
            {},
            ...lines.map((l, i) => ({
              label: l.label,
              stroke: COLORS[i % COLORS.length],
              width: 2,
              points: { show: x.length <= 60 },
            })),
          ],
        },
        [x, ...lines.map((l) => l.values)] as uPlot.AlignedData,
        el,
      );
      observer = new ResizeObserver(() => plot?.setSize(size()));
      observer.observe(el);
    });
    return () => {
      stopped = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [x, xMin, xMax, lines]);
  return (
    <figure className={styles.figure}>
      <div ref={box} role="img" aria-label={label} className={styles.canvas} />
    </figure>
  );
}
