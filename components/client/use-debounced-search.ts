"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A search box's text, and the trimmed value handed to `onSettle` once typing pauses for `delayMs`
 * (so the list asks the server once per pause, not once per key). `initialText` shows a search the address already carries.
 */
export function useDebouncedSearch(onSettle: (value: string) => void, delayMs = 300, initialText = "") {
  const [text, setText] = useState(initialText);
  const timer = useRef<number | undefined>(undefined);
  const settle = useRef(onSettle);
  useEffect(() => {
    settle.current = onSettle;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => settle.current(value.trim()), delayMs);
  };
  return { text, onChange };
}
