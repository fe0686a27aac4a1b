import type { ReactNode } from "react";

/**
 * The pay page's icons as inline SVG in the text's colour and size. Text symbols ("⧉", "⏱") show as empty
 * boxes on phones whose fonts lack them; these draw the same everywhere. Decorative: a label always says
 * what the icon shows.
 */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const CopyIcon = () => (
  <Icon>
    <rect x="8" y="8" width="13" height="13" rx="2" />
    <path d="M16 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h3" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);

export const CrossIcon = () => (
  <Icon>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const TimerIcon = () => (
  <Icon>
    <circle cx="12" cy="14" r="8" />
    <path d="M10 2h4M12 14l3-3" />
  </Icon>
);
