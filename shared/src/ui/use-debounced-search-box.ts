import { useEffect, useRef, useState } from 'react';

/**
 * The text of a search box that applies what was typed once typing pauses (`delayMs`), or at
 * once on Enter. When the applied search changes from outside (Back, a link), the box shows it.
 */
export function useDebouncedSearchBox(applied: string, apply: (search: string) => void, delayMs = 300) {
  const [text, setText] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  const [appliedHere, setAppliedHere] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Adjusting state to a changed input during render (React's documented pattern), not in an effect.
  // Only a search applied from elsewhere replaces the text: when this box's own (debounced) search
  // lands, the person may have typed on since, and a slow phone must not drop those keystrokes.
  if (applied !== lastApplied) {
    setLastApplied(applied);
    if (applied !== appliedHere && applied !== text.trim()) setText(applied);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const applyHere = (value: string) => {
    setAppliedHere(value);
    apply(value);
  };

  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => applyHere(value.trim()), delayMs);
  };

  const applyNow = () => {
    clearTimeout(timer.current);
    applyHere(text.trim());
  };

  return { text, change, applyNow };
}
