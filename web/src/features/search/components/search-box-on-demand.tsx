//! The header's search box as it first loads (ADR 0037): the same markup as the combobox
//! (search-box-shell.tsx), a plain search form that already submits, and the combobox's code
//! (search-box.tsx, with the suggestions) asked for when the pointer first comes over it or it
//! first takes focus. Once there, the full box takes its place with the text typed so far, and
//! focus and caret where they were.

import { useId, useRef } from 'react';
import { useWakeOnUse } from '@/components/on-demand';
import { chunk, type Chunk } from '@/lib/chunks';
import type { SearchBoxProps } from './search-box';
import { SearchBoxShell } from './search-box-shell';

type SearchBoxModule = typeof import('./search-box');

interface Carried {
  text: string;
  selection?: readonly [number, number];
}

/** The light box over `source` (the combobox's chunk; tests hand in one they settle). */
export function searchBoxOnDemand(source: Chunk<SearchBoxModule>) {
  return function SearchBoxOnDemand(props: SearchBoxProps) {
    return <LightSearchBox source={source} {...props} />;
  };
}

export const SearchBoxOnDemand = searchBoxOnDemand(chunk(() => import('./search-box')));

function LightSearchBox({ source, ...props }: SearchBoxProps & { source: Chunk<SearchBoxModule> }) {
  const ownId = useId();
  const id = props.id ?? ownId;
  const inputRef = useRef<HTMLInputElement>(null);
  const taken = useRef<Carried | null>(null);
  const { module, wake } = useWakeOnUse(source);
  if (module) {
    // The render that swaps: the light input is still in the document, with all that was typed.
    const light = inputRef.current;
    if (light && !taken.current) taken.current = carry(light);
    const { SearchBox } = module;
    const carried = taken.current;
    return <SearchBox {...props} id={id} defaultValue={carried?.text ?? props.defaultValue} focusSelection={carried?.selection} />;
  }
  return (
    <SearchBoxShell
      label={props.label}
      className={props.className}
      id={id}
      open={false}
      input={{ ref: inputRef, defaultValue: props.defaultValue, onFocus: wake, onPointerEnter: wake }}
    />
  );
}

function carry(input: HTMLInputElement): Carried {
  const text = input.value;
  if (document.activeElement !== input) return { text };
  return { text, selection: [input.selectionStart ?? text.length, input.selectionEnd ?? text.length] };
}
