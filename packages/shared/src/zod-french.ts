import { z } from 'zod';
import { fr } from 'zod/locales';

/** Imported once by each app: every built-in zod message becomes French. */
z.config(fr());
