import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { PlanInterest } from '@shared/schemas/campaign-plan';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useInterestSearch } from '../api/campaign-generator-api';

interface InterestPickerProps {
  adAccountId: string;
  label: string;
  interests: PlanInterest[];
  onChange: (interests: PlanInterest[]) => void;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Interests as chips; unknown ones are flagged with Meta's suggestions for their name. */
export function InterestPicker({ adAccountId, label, interests, onChange }: InterestPickerProps) {
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 250);
  const search = useInterestSearch(adAccountId, debounced);
  const inputId = useId();
  const unresolved = interests.find((interest) => !interest.id);
  const fix = useInterestSearch(adAccountId, unresolved ? (unresolved.name.split(' ')[0] ?? '') : '');
  const add = (interest: PlanInterest) => {
    if (!interests.some((existing) => existing.id === interest.id)) onChange([...interests, interest]);
    setQuery('');
  };
  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <ul className="flex flex-wrap gap-2" aria-label={`${label}: chosen`}>
        {interests.map((interest, index) => (
          <li
            key={`${interest.id ?? 'unknown'}-${interest.name}`}
            className={
              interest.id
                ? 'inline-flex items-center gap-1 rounded-full bg-secondary px-3 py-1 text-xs'
                : 'inline-flex items-center gap-1 rounded-full border border-destructive bg-destructive/10 px-3 py-1 text-xs'
            }
          >
            {interest.name}
            {interest.id ? null : <span className="sr-only"> (not found at Meta)</span>}
            <button
              type="button"
              aria-label={`Remove interest ${interest.name}`}
              className="cursor-pointer rounded-full hover:bg-muted"
              onClick={() => onChange(interests.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          </li>
        ))}
        {interests.length === 0 ? (
          <li className="text-xs text-muted-foreground">No interests: broad audience.</li>
        ) : null}
      </ul>
      {unresolved && (fix.data?.data.length ?? 0) > 0 ? (
        <p className="text-xs text-muted-foreground">
          Meta doesn’t know “{unresolved.name}”. Did you mean{' '}
          {fix.data!.data.slice(0, 3).map((suggestion, i) => (
            <span key={suggestion.id}>
              {i > 0 ? ', ' : ''}
              <Button
                variant="link"
                className="text-xs"
                onClick={() =>
                  onChange([
                    ...interests.filter((interest) => interest !== unresolved),
                    { id: suggestion.id, name: suggestion.name },
                  ])
                }
              >
                {suggestion.name}
              </Button>
            </span>
          ))}
          ?
        </p>
      ) : null}
      <Input
        id={inputId}
        placeholder="Search Meta interests, e.g. hiking"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      {debounced.length >= 2 ? (
        <ul className="grid gap-1" aria-label={`${label}: suggestions`}>
          {search.isFetching && !search.data ? <li className="text-xs text-muted-foreground">Searching…</li> : null}
          {search.data?.data.length === 0 ? (
            <li className="text-xs text-muted-foreground">No interest matches.</li>
          ) : null}
          {search.data?.data.slice(0, 6).map((suggestion) => (
            <li key={suggestion.id}>
              <Button variant="outline" size="sm" onClick={() => add({ id: suggestion.id, name: suggestion.name })}>
                Add {suggestion.name}
                {suggestion.audienceUpper ? (
                  <span className="text-xs text-muted-foreground">
                    {' '}
                    {Intl.NumberFormat('en', { notation: 'compact' }).format(suggestion.audienceUpper)} people
                  </span>
                ) : null}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
