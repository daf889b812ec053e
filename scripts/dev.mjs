// `npm run dev`: the API with reload on change, and Vite with hot reload proxying /api to it.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'npm run dev -w apps/api',
      prefixColor: 'blue',
      // Readable log lines (concurrently's pipe is no terminal); e-mail links open Vite's address.
      env: {
        PORT: process.env.API_PORT ?? '3000',
        LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
        PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      },
    },
    { name: 'web', command: 'npm run dev -w apps/web', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
