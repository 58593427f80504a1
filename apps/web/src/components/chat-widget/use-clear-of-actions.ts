import { type RefObject, useEffect, useState } from 'react';

/** A page's primary actions: marked ones and a form's submit buttons, in the page (not the chat's own). */
const ACTIONS = 'main [data-primary-action], main button[type="submit"]';
const GAP = 8;

/**
 * How far the floating assistant button must rise so it never covers a page's primary action
 * (New SMS's Send at the bottom of a 1440×900 window, in either language): whenever a page
 * action's box meets the button's resting box, the button moves up above it. Checked on scroll,
 * resize and page changes, once per frame.
 */
export function useClearOfActions(button: RefObject<HTMLElement | null>): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    let frame = 0;
    let current = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const el = button.current;
        if (!el) return;
        const box = el.getBoundingClientRect();
        // The resting box: where the button is without its lift. The lift is animated, so the box
        // is taken back by the translation applied at this very frame, not by the target lift
        // (mid-transition the two differ, and a scroll then would measure a wrong resting place).
        const transform = getComputedStyle(el).transform;
        const shift = transform && transform !== 'none' ? new DOMMatrixReadOnly(transform).m42 : 0;
        const top = box.top - shift;
        const bottom = box.bottom - shift;
        let needed = 0;
        for (const action of document.querySelectorAll<HTMLElement>(ACTIONS)) {
          const r = action.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          const across = r.left < box.right + GAP && r.right > box.left - GAP;
          const along = r.top < bottom + GAP && r.bottom > top - GAP;
          if (across && along) needed = Math.max(needed, bottom - r.top + GAP);
        }
        if (needed !== current) {
          current = needed;
          setLift(needed);
        }
      });
    };
    check();
    window.addEventListener('scroll', check, { capture: true, passive: true });
    window.addEventListener('resize', check);
    // once the rise has ended, measure again from where the button really is
    const el = button.current;
    el?.addEventListener('transitionend', check);
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check, { capture: true });
      window.removeEventListener('resize', check);
      el?.removeEventListener('transitionend', check);
      observer.disconnect();
    };
  }, [button]);
  return lift;
}
