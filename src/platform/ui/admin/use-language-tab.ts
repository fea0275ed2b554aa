import { useState } from 'react';
import type { Locale } from '../../i18n/i18n.ts';
import type { FieldErrors } from '../use-form.ts';

/**
 * The it/en tab of an admin form whose Italian texts (`italian`) are required, an empty English one showing the
 * Italian: it opens on Italian, a submit refused over one of those texts goes back there (`onInvalid`, for
 * handleSubmit), and the Italian tab is marked while one of them is wrong (`invalid`, for LanguageTabs).
 */
export function useLanguageTab<Name extends string>(
  italian: readonly Name[],
  fieldError: (name: Name) => string | undefined,
) {
  const [tab, setTab] = useState<Locale>('it');
  return {
    tab,
    setTab,
    /** LanguageTabs' own props */
    tabs: { tab, onChange: setTab, invalid: italian.some((name) => fieldError(name)) ? (['it'] as Locale[]) : [] },
    onInvalid: (errors: FieldErrors) => {
      if (italian.some((name) => errors[name])) setTab('it');
    },
  };
}
