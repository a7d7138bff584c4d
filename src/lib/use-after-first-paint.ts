import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted the frame after it (an
 * animation frame, then a task). For what a screen asks besides its own content (the
 * sidebar's list of tables beside a table's records): asked after that paint, it does not
 * share a phone's connection with the content, whose paint waited for it (~170 ms of the
 * phone grid's largest paint in Lighthouse's simulation, decision 041).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
