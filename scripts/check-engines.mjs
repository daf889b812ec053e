// Lists installed packages whose `engines.node` does not accept Node 20.19.
import fs from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const bad = [];
for (const [location, info] of Object.entries(lock.packages)) {
  if (!location || !info.engines?.node) continue;
  const range = info.engines.node;
  if (!semver.satisfies('20.19.0', range))
    bad.push(`${location.replace(/.*node_modules\//, '')}@${info.version} needs node ${range}`);
}
console.log(bad.length ? bad.join('\n') : 'every package accepts Node 20.19');
process.exit(bad.length ? 1 : 0);
