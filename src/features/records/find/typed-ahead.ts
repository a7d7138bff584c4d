import { useCallback, useEffect } from 'react';

/**
 * The text a find searches, typed ahead of the screen's drawing (use-find.ts): the box
 * hands each keystroke to the find at once (the worker is asked then) and to the screen's
 * state in a transition, drawn later. The drawn text coming back with what was typed asks
 * nothing again, nor does an older text drawn after a newer one was typed; a text from
 * elsewhere (the address, a view chosen) is asked when it is drawn.
 */
export class TypedAhead {
  /** Texts typed that the screen has not drawn yet, oldest first. */
  private ahead: string[] = [];

  typed(text: string): void {
    this.ahead.push(text);
  }

  /** The screen drew `text`; false when it came from elsewhere (and is to be asked). */
  drawn(text: string): boolean {
    const ours = this.ahead.indexOf(text);
    if (ours >= 0) {
      this.ahead.splice(0, ours + 1);
      return true;
    }
    this.ahead = [];
    return false;
  }

  /** The text a search starts from, the screen drawing `text`: the last typed, until drawn. */
  now(text: string): string {
    return this.ahead.at(-1) ?? text;
  }
}

/**
 * The box's `type` (a keystroke asked at once) and the text drawn asked with `ask` when it
 * came from elsewhere. After the effects that start a session, as `ask` may continue one.
 */
export function useTypedAhead(
  ahead: TypedAhead,
  text: string,
  ask: (text: string) => void,
): (typed: string) => void {
  useEffect(() => {
    if (!ahead.drawn(text)) ask(text);
  }, [ahead, text, ask]);
  return useCallback(
    (typed: string) => {
      ahead.typed(typed);
      ask(typed);
    },
    [ahead, ask],
  );
}
