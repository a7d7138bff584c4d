/** The id of the <style> element react-aria's usePress adds to <head> unless one is there. */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/**
 * react-aria's usePress (its calendar's days and buttons) adds an inline <style> to <head>
 * for one rule, `touch-action: pan-x pan-y pinch-zoom` on what it makes pressable. The
 * dashboard's Content-Security-Policy (style-src 'self', docs/deployment.md) refuses inline
 * styles, and the browser reports each refusal. That rule is in our own stylesheet instead
 * (src/index.css); an element with the id react-aria looks for tells it so. Called before
 * any react-aria press handler renders; a second call does nothing.
 */
export function claimPressableStyle(document: Document = globalThis.document): void {
  if (!document?.head || document.getElementById(PRESSABLE_STYLE_ID)) return;
  const marker = document.createElement('meta');
  marker.id = PRESSABLE_STYLE_ID;
  marker.name = 'react-aria-pressable-style';
  marker.content = 'in the app stylesheet';
  document.head.append(marker);
}
