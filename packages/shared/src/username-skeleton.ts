import unhomoglyph from 'unhomoglyph';

/**
 * The UTS #39 skeleton of a string: NFD, every character replaced by its prototype from the
 * Unicode confusables table (`unhomoglyph`, confusables.txt), NFD again. Two strings that look
 * alike have one skeleton: 'admın' (dotless ı), 'adrnin' ('rn' for 'm') and 'admin' are all
 * 'adrnin'; 'PauI' (capital I) is 'Paul'; 'ɩ' is 'i' and 'ǀ' is 'l'. Not meant to be read.
 */
export function confusableSkeleton(value: string): string {
  return unhomoglyph(value.normalize('NFD')).normalize('NFD');
}

/**
 * The keys a username is compared by (decision 024): its skeleton as typed and the skeleton of
 * its lower-cased form, both lower-cased. Usernames are one name without regard to case, and a
 * capital I looks like an l while a small i does not, so 'AdmIn' must meet both 'admin' (same name
 * in another case) and 'adml' look-alikes. Two usernames whose keys meet are one name. Only the API
 * uses this file (the confusables table is 100 KB): the web does not import it.
 */
export function usernameSkeletons(username: string): string[] {
  const value = username.normalize('NFKC');
  const asTyped = confusableSkeleton(value).toLowerCase();
  const lowered = confusableSkeleton(value.toLowerCase()).toLowerCase();
  return asTyped === lowered ? [asTyped] : [asTyped, lowered];
}

/** Whether two usernames are one name: the same without regard to case, or look-alikes. */
export function usernamesLookAlike(a: string, b: string): boolean {
  if (a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase()) return true;
  const keys = new Set(usernameSkeletons(a));
  return usernameSkeletons(b).some((key) => keys.has(key));
}
