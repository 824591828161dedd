// Validates .glb files with the Khronos glTF validator (npm gltf-validator).
//   node scripts/validate-gltf.js VALIDATOR_PREFIX FOLDER_OR_FILE...
// VALIDATOR_PREFIX is the folder npm installed gltf-validator into (it holds
// node_modules/). Every .glb found (folders are searched recursively) is
// validated; each error and warning is printed with its file, code and JSON
// pointer. Exits 1 when any file has an error or a warning, or when no .glb
// is found (the tests stopped writing them), else 0.
'use strict';
const fs = require('fs');
const path = require('path');

const [prefix, ...inputs] = process.argv.slice(2);
if (!prefix || inputs.length === 0) {
  console.error('usage: node validate-gltf.js VALIDATOR_PREFIX FOLDER_OR_FILE...');
  process.exit(2);
}
const validator = require(path.resolve(prefix, 'node_modules', 'gltf-validator'));

function collect(p, out) {
  const st = fs.statSync(p);
  if (st.isDirectory()) {
    for (const e of fs.readdirSync(p).sort()) collect(path.join(p, e), out);
  } else if (p.toLowerCase().endsWith('.glb')) {
    out.push(p);
  }
  return out;
}

const severities = ['error', 'warning', 'info', 'hint'];

async function main() {
  const files = [];
  for (const p of inputs) collect(p, files);
  if (files.length === 0) {
    console.error('validate-gltf: no .glb file in ' + inputs.join(' '));
    return 1;
  }
  const totals = [0, 0, 0, 0];
  let bad = 0;
  for (const f of files) {
    const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(f)), {
      uri: path.basename(f),
      maxIssues: 0, // all of them
      externalResourceFunction: (uri) => Promise.reject(new Error('external resource ' + uri + ': a .glb must be self-contained')),
    });
    const is = report.issues;
    totals[0] += is.numErrors; totals[1] += is.numWarnings; totals[2] += is.numInfos; totals[3] += is.numHints;
    if (is.numErrors + is.numWarnings === 0) continue;
    bad++;
    for (const m of is.messages) {
      if (m.severity <= 1) {
        console.error(`${f}: ${severities[m.severity]} ${m.code}: ${m.message}` + (m.pointer ? ` (at ${m.pointer})` : ''));
      }
    }
  }
  console.log(`validate-gltf: gltf-validator ${validator.version()}: ${files.length} .glb files, ` +
    `${totals[0]} errors, ${totals[1]} warnings, ${totals[2]} infos, ${totals[3]} hints`);
  if (bad > 0) {
    console.error(`validate-gltf: ${bad} of ${files.length} files have errors or warnings`);
    return 1;
  }
  return 0;
}

main().then((code) => process.exit(code), (err) => { console.error('validate-gltf: ' + err); process.exit(1); });
