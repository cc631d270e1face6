// The suggestions behind the header's search combobox (search-box.tsx): the debounced query to
// /search/suggestions and its answer grouped for the listbox. Loaded on demand, when the search field first gets
// the focus, so the API client and the query code stay out of every page's first load.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
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

/** What the combobox shows: the groups for `term`; `fresh` once the answer for `term` itself has arrived. */
export interface SuggestionState {
  term: string;
  groups: SuggestionGroup[];
  fresh: boolean;
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
  useEffect(() => {
    onChange({ term: settledTerm, groups: groupsOf(data), fresh: isSuccess && !isPlaceholderData });
  }, [onChange, settledTerm, data, isSuccess, isPlaceholderData]);
  return null;
}
