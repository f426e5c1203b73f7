// The wordmark: a lightning bolt beside the business name.
export function Bolt({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M13.5 1.5 4 13.5h6.5L9 22.5l11-13h-6.8z" fill="currentColor" />
    </svg>
  );
}

export function Logo({ name }: { name: string }) {
  return (
    <a className="logo" href="/">
      <Bolt />
      <span>{name}</span>
    </a>
  );
}
