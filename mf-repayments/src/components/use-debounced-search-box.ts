import { useEffect, useRef, useState } from 'react';

/**
 * The text of a search box that applies what was typed once typing pauses (`delayMs`), or at
 * once on Enter. When the applied search changes from outside (Back, a link), the box shows it.
 */
export function useDebouncedSearchBox(applied: string, apply: (search: string) => void, delayMs = 300) {
  const [text, setText] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Adjusting state to a changed input during render (React's documented pattern), not in an effect.
  if (applied !== lastApplied) {
    setLastApplied(applied);
    if (applied !== text.trim()) setText(applied);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value.trim()), delayMs);
  };

  const applyNow = () => {
    clearTimeout(timer.current);
    apply(text.trim());
  };

  return { text, change, applyNow };
}
