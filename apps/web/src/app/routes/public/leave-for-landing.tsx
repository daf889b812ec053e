import { useEffect } from 'react';

/** `/` is its own page: any unknown path, and `/` itself inside the app, goes there. */
export function LeaveForLanding() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return null;
}
