// The suggestions behind the header's search combobox (search-box.tsx): the debounced query to
// /search/suggestions, its answer grouped for the listbox and announced, and the options' markup. Loaded on demand,
// when the search field first gets the focus, so the API client, the query code and the options stay out of every
// page's first load.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { QueryScope } from "~/components/query-scope";
import { PRODUCT_FORMAT_LABEL } from "~/domain/labels";
import { browserApi as api } from "~/lib/api/browser";
import { unwrap } from "~/lib/api/client";
import type { components } from "~/lib/api/schema";

type Suggestions = components["schemas"]["SearchSuggestions"];

const SUGGESTION_DEBOUNCE_MS = 200;
const SUGGESTIONS_PER_GROUP = 5;

export interface SuggestionOption {
  key: string;
  label: string;
  detail?: string;
  href: string;
}

export interface SuggestionGroup {
  key: keyof Suggestions;
  label: string;
  options: SuggestionOption[];
}

/**
 * What the combobox may show: the groups answering `term` (while a newer word's answer is on its way, the last answer
 * and its word), and what a screen reader hears once that newer answer has arrived (empty until then).
 */
export interface SuggestionState {
  term: string;
  groups: SuggestionGroup[];
  announcement: string;
}

function groupsOf(data: Suggestions | undefined): SuggestionGroup[] {
  if (!data) return [];
  const groups: SuggestionGroup[] = [
    {
      key: "books",
      label: "書籍",
      options: data.books.map((b) => ({
        key: `book-${b.id}`,
        label: b.title,
        detail: PRODUCT_FORMAT_LABEL[b.format],
        href: `/product/${b.id}`,
      })),
    },
    {
      key: "authors",
      label: "作者",
      options: data.authors.map((a) => ({ key: `author-${a.id}`, label: a.name, href: `/author/${a.id}` })),
    },
    {
      key: "publishers",
      label: "出版社",
      options: data.publishers.map((p) => ({ key: `publisher-${p.id}`, label: p.name, href: `/publisher/${p.id}` })),
    },
    {
      key: "articles",
      label: "文章",
      options: data.articles.map((a) => ({ key: `article-${a.id}`, label: a.title, href: `/article/${a.id}` })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}

// Here, not in the combobox: the words load with the suggestions, outside every page's first load.
function announcementOf(term: string, groups: SuggestionGroup[]): string {
  const count = groups.reduce((sum, g) => sum + g.options.length, 0);
  return count > 0 ? `有 ${count} 項建議，可用上下方向鍵選擇。` : `沒有符合「${term}」的建議。`;
}

/** Whether suggestions for `answered` may stand for `typed` meanwhile: one is the other typed on or cut back. */
function sameWordTyped(answered: string, typed: string): boolean {
  return answered !== "" && typed !== "" && (typed.startsWith(answered) || answered.startsWith(typed));
}

/** The value once it has stopped changing for `delay` ms; held while `paused` (an IME composition in progress). */
function useDebouncedValue<T>(value: T, delay: number, paused: boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay, paused]);
  return settled;
}

interface SearchSuggestionsProps {
  /** The cleaned query in the field. */
  term: string;
  /** An IME composition is in progress: the query is not settled. */
  composing: boolean;
  /** The reader is typing in the field (not the query a results page was opened with). */
  active: boolean;
  onChange: (state: SuggestionState) => void;
}

/** Fetches suggestions for what is typed and reports them; renders nothing itself. */
export function SearchSuggestions(props: SearchSuggestionsProps) {
  return (
    <QueryScope>
      <SuggestionsQuery {...props} />
    </QueryScope>
  );
}

function SuggestionsQuery({ term, composing, active, onChange }: SearchSuggestionsProps) {
  const settledTerm = useDebouncedValue(term, SUGGESTION_DEBOUNCE_MS, composing);
  // Each answer is cached under its own query, so a late answer to an older query can never replace a newer one;
  // while the newest is on its way the previous suggestions stay on screen (no flicker), marked as placeholder.
  const suggestions = useQuery({
    queryKey: ["search-suggestions", settledTerm, SUGGESTIONS_PER_GROUP],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/search/suggestions", { params: { query: { q: settledTerm, limit: SUGGESTIONS_PER_GROUP } }, signal }),
      ),
    enabled: active && settledTerm.length > 0,
    placeholderData: keepPreviousData,
    // Suggestions are of the moment: a failed one is not worth retrying, the next keystroke asks again.
    retry: false,
  });
  const { data, isSuccess, isPlaceholderData } = suggestions;
  // The word the data on hand answers: a placeholder is the last answer's, not the settled word's.
  const answeredTerm = useRef("");
  useEffect(() => {
    const fresh = isSuccess && !isPlaceholderData;
    if (fresh) answeredTerm.current = settledTerm;
    const answered = fresh ? settledTerm : answeredTerm.current;
    // While the answer for what is typed is on its way, the last answer stays on screen only when it was for the same
    // word typed on or cut back: never an earlier word's suggestions under a field cleared and typed anew (an IME
    // composition holds the query back until it ends).
    const groups = sameWordTyped(answered, term) ? groupsOf(data) : [];
    onChange({ term: answered, groups, announcement: fresh ? announcementOf(answered, groups) : "" });
  }, [onChange, term, settledTerm, data, isSuccess, isPlaceholderData]);
  return null;
}

/** The listbox's groups and options (the listbox itself, and the keys, are the combobox's in search-box.tsx). */
export function SuggestionList({
  listboxId,
  groups,
  activeKey,
  onPick,
}: {
  listboxId: string;
  groups: SuggestionGroup[];
  activeKey: string | undefined;
  onPick: (option: SuggestionOption) => void;
}) {
  return groups.map((group) => (
    // biome-ignore lint/a11y/useSemanticElements: a listbox's option group (APG), not a form's fieldset
    <div key={group.key} role="group" aria-labelledby={`${listboxId}-${group.key}`}>
      <div
        role="presentation"
        id={`${listboxId}-${group.key}`}
        className="px-3 pt-2 pb-1 text-xs font-bold text-ink-muted"
      >
        {group.label}
      </div>
      {group.options.map((option) => {
        const isActive = option.key === activeKey;
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
          <div
            key={option.key}
            id={`${listboxId}-${option.key}`}
            role="option"
            aria-selected={isActive}
            tabIndex={-1}
            data-href={option.href}
            onClick={() => onPick(option)}
            className={`flex items-baseline justify-between gap-3 px-3 py-1.5 cursor-pointer ${
              isActive ? "bg-primary text-primary-on" : "text-ink hover:bg-page"
            }`}
          >
            <span className="min-w-0">{option.label}</span>
            {option.detail && (
              <span className={`shrink-0 text-xs ${isActive ? "" : "text-ink-muted"}`}>{option.detail}</span>
            )}
          </div>
        );
      })}
    </div>
  ));
}
