import { useEffect, useEffectEvent, useRef } from 'react';

/** What the server answered for one text of a search field: its value, or that the search failed. */
export type SearchAnswer<T> = { text: string; failed: false; value: T } | { text: string; failed: true };

/**
 * Enter in a field searched on the server acts on the answer for the text the field held when Enter
 * was pressed, whenever that answer arrives: keys arriving in a burst give what slow typing gives.
 * Until the answer comes the Enter waits; typing on drops it (Enter was meant for the shorter text),
 * and so does a failed search, which the field shows instead.
 *
 * `text` is the text the field searches for now, `answer` the settled answer the field shows (for
 * `text`, or undefined while it is on its way). The function returned is the field's Enter, called
 * with the field's text at that moment.
 */
export function useEnterOnAnswer<T>(
  text: string,
  answer: SearchAnswer<T> | undefined,
  act: (value: T) => void,
): (pressedFor: string) => void {
  const pending = useRef<string | null>(null);
  const settle = (run: (value: T) => void) => {
    if (pending.current === null || answer?.text !== pending.current) return;
    pending.current = null;
    if (!answer.failed) run(answer.value);
  };
  const settleOnArrival = useEffectEvent(() => settle(act));

  useEffect(() => {
    if (pending.current !== null && pending.current !== text) pending.current = null;
  }, [text]);
  useEffect(() => {
    if (answer) settleOnArrival();
  }, [answer]);

  return (pressedFor: string) => {
    pending.current = pressedFor;
    settle(act);
  };
}
