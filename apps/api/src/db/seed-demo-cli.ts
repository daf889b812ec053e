import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemo } from './seed-demo';

const app = await buildApp({ config: loadConfig() });
await seedDemo(app);
await app.close();
console.log('demo seed applied');
