const REF_PATTERN = /^[\w-]{1,64}$/;

function refOf(search: string): string | undefined {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  return ref && REF_PATTERN.test(ref) ? ref : undefined;
}

/**
 * The referral code a registration carries: `?ref=` of /GetStarted, else that of the page of this
 * site the visitor came from (the landing page `/?ref=CODE`: same-site referrers keep their query
 * string under the `strict-origin-when-cross-origin` policy).
 */
export function referralRefOfVisit(): string | undefined {
  const own = refOf(window.location.search);
  if (own) return own;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin ? refOf(from.search) : undefined;
  } catch {
    return undefined;
  }
}
