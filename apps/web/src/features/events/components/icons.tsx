import { LineIcon } from '../../../components/ui/line-icon';

/** Small line icons (emoji fonts are not everywhere); decorative, hidden from screen readers. */
const PATHS = {
  calendar: 'M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
  pin: 'M12 22s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
} as const;

export function Icon({ name, className = 'size-4' }: { name: keyof typeof PATHS; className?: string }) {
  return <LineIcon path={PATHS[name]} className={`inline-block shrink-0 ${className}`} />;
}
