import { createContext, useContext, useEffect } from 'react';

/**
 * Which of the account space's sections a screen belongs to, when its path alone cannot say
 * (`undefined`: by the path). A screen under 'Mes évènements' that may be someone else's (the
 * door of an event the account only helps at) says it here once it knows; `null` marks none.
 */
export type AccountSection = string | null | undefined;

export const AccountSectionContext = createContext<(section: AccountSection) => void>(() => undefined);

/** Tells the account shell this screen's section while it is shown. */
export function useAccountSection(section: AccountSection) {
  const set = useContext(AccountSectionContext);
  useEffect(() => {
    set(section);
    return () => set(undefined);
  }, [set, section]);
}
