// Single-bundle build: each app's definition.ts gets its own name and version, as its federated build's
// DefinePlugin gives it (one DefinePlugin cannot vary by file).
const { readFileSync } = require('node:fs');
const path = require('node:path');

module.exports = function appNameLoader(source) {
  const appDir = path.resolve(path.dirname(this.resourcePath), '..');
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  return source
    .replace(/__APP_NAME__/g, JSON.stringify(path.basename(appDir)))
    .replace(/__APP_VERSION__/g, JSON.stringify(pkg.version));
};
