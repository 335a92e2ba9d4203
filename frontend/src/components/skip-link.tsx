//! 'Skip to main content' (issue 43): the first stop of the Tab key on every signed-in page,
//! hidden until focused, moving focus past the navigation to the page itself (WCAG 2.4.1).

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus the target rather than only scrolling to it, so the next Tab starts inside the page.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-xl focus:bg-white focus:px-4 focus:py-3 focus:text-sm focus:font-semibold focus:text-zinc-950 focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}
