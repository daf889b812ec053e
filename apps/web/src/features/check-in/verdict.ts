import { formatDate } from '../../lib/format';
import { type Language, translate } from '../../lib/i18n';
import { type DoorScan, outcomeOf, type ScanOutcome } from './door-logic';
import { checkInMessages } from './messages';

/** 'HH:MM' in Douala time, whatever the phone's zone. */
export function doorTime(value: string | null, language: Language): string {
  return formatDate(value, { hour: '2-digit', minute: '2-digit' }, language);
}

export interface Verdict {
  outcome: ScanOutcome;
  /** The big word: 'Valide', 'Déjà scanné à 19:42', 'Double scan', 'Billet inconnu'. */
  text: string;
  /** For a double scan: when the ticket was first admitted elsewhere. */
  detail: string | null;
  /** A short buzz lets in; a long double buzz stops (the door's eyes stay on the people). */
  vibration: number | number[];
}

/** What the door shows and feels for a scan, in the screen's language (decision 047). */
export function verdictOf(scan: DoorScan, language: Language): Verdict {
  const { outcome, admittedAt } = outcomeOf(scan);
  const t = (key: keyof typeof checkInMessages.fr, params?: Record<string, string>) =>
    translate(checkInMessages, language, key, params);
  const time = doorTime(admittedAt, language);
  if (outcome === 'valid') return { outcome, text: t('valid'), detail: null, vibration: 80 };
  if (outcome === 'already') return { outcome, text: t('alreadyAt', { time }), detail: null, vibration: [250, 120, 250] };
  if (outcome === 'double') return { outcome, text: t('double'), detail: t('doubleHint', { time }), vibration: [250, 120, 250] };
  return { outcome, text: t('unknown'), detail: null, vibration: [250, 120, 250] };
}
