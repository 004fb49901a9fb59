/** The brand mark: a stylised finder pattern. Decorative; the link around it carries the name. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="9" height="9" rx="2" fill="currentColor" />
      <rect x="3.5" y="3.5" width="4" height="4" rx="1" fill="#fff" />
      <rect x="14" y="1" width="9" height="9" rx="2" fill="currentColor" />
      <rect x="16.5" y="3.5" width="4" height="4" rx="1" fill="#fff" />
      <rect x="1" y="14" width="9" height="9" rx="2" fill="currentColor" />
      <rect x="3.5" y="16.5" width="4" height="4" rx="1" fill="#fff" />
      <rect x="14" y="14" width="4" height="4" rx="1" fill="currentColor" />
      <rect x="19" y="19" width="4" height="4" rx="1" fill="currentColor" />
    </svg>
  );
}
