/**
 * A link or small control that stands on its own (a list's link, a back link, a title that
 * is a link), not inside running text: on a touch screen its box is at least 44 px tall,
 * with its text centred in it, so a thumb hits it (decision 054). Inline links in a
 * sentence keep their line's height, as WCAG's inline-target exception allows.
 */
export const touchTall =
  'pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:items-center';
