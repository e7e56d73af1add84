import { useState } from 'react';

/**
 * The search box of an admin list that pages (subscribers, whitelist): the text goes to the
 * server on Search or Enter, and emptying the box shows the whole list again.
 */
export function ListSearch({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  /** The trimmed text; undefined for no search. */
  onSearch: (text: string | undefined) => void;
}) {
  const [typed, setTyped] = useState('');
  const search = (text: string) => onSearch(text.trim() === '' ? undefined : text.trim());
  return (
    <form
      className="list-search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        search(typed);
      }}
    >
      <input
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        maxLength={100}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          if (event.target.value === '') search('');
        }}
      />
      <button type="submit" className="button button-secondary">
        Search
      </button>
    </form>
  );
}
