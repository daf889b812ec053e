// `npm run dev`: the API with reload on change, and Vite with hot reload proxying /api to it.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    { name: 'api', command: 'npm run dev -w apps/api', prefixColor: 'blue', env: { PORT: process.env.API_PORT ?? '3000' } },
    { name: 'web', command: 'npm run dev -w apps/web', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
