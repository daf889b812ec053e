/** One bar of a ColumnBars chart. */
export interface ColumnBar {
  key: string;
  value: number;
  /** The bar's tooltip, if any. */
  title?: string;
}

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Vertical bars in SVG, the tallest at full height, over light lines at each quarter: hidden from
 * assistive technologies (the figures are told beside it). `slots` bars fit across (at least the
 * bars given): a short series stays a few thin bars instead of a wall.
 */
export function ColumnBars({
  bars,
  color,
  slots = bars.length,
  testId,
}: {
  bars: ColumnBar[];
  color: string;
  slots?: number;
  testId?: string;
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const gap = bars.length > 40 ? 1 : 3;
  const across = Math.max(1, slots, bars.length);
  const barWidth = (WIDTH - gap * (across - 1)) / across;
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="h-40 w-full border-b border-l border-slate-300"
      data-testid={testId}
    >
      {[0.25, 0.5, 0.75].map((line) => (
        <line key={line} x1={0} x2={WIDTH} y1={HEIGHT * line} y2={HEIGHT * line} stroke="#e2e8f0" strokeWidth={1} />
      ))}
      {bars.map((bar, index) => {
        const barHeight = (bar.value / max) * (HEIGHT - 4);
        return (
          <rect
            key={bar.key}
            x={index * (barWidth + gap)}
            y={HEIGHT - barHeight}
            width={barWidth}
            height={barHeight}
            fill={color}
            rx={1}
          >
            {bar.title ? <title>{bar.title}</title> : null}
          </rect>
        );
      })}
    </svg>
  );
}
