/**
 * The files docs/deploy.md installs (deploy/): the systemd unit has the settings the guide promises
 * (and passes systemd-analyze verify where systemd is installed), the settings file is one this
 * server reads without complaint, and the Caddyfile sends the site to the address the app listens on.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** An INI-style unit file as section -> key -> values (a key may repeat). */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = {};
      sections[section[1]!] = current;
      continue;
    }
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (!pair || !current) throw new Error(`Not a unit file line: ${line}`);
    current[pair[1]!] = [...(current[pair[1]!] ?? []), pair[2]!];
  }
  return sections;
}

function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map((l) => {
        const at = l.indexOf('=');
        return [l.slice(0, at), l.slice(at + 1)];
      }),
  );
}

describe('deploy/', () => {
  it('fees.service: a dedicated user, the settings file, always restarted, the built server', () => {
    const unit = parseUnit(read('deploy/fees.service'));
    expect(Object.keys(unit)).toEqual(['Unit', 'Service', 'Install']);
    expect(unit.Service).toMatchObject({
      User: ['fees'],
      Group: ['fees'],
      WorkingDirectory: ['/opt/fees'],
      EnvironmentFile: ['/etc/fees/fees.env'],
      ExecStart: ['/usr/bin/node apps/server/dist/main.js'],
      Restart: ['always'],
      ProtectSystem: ['strict'],
      ReadWritePaths: ['/var/lib/fees'],
    });
    expect(unit.Install).toEqual({ WantedBy: ['multi-user.target'] });
    // The path ExecStart runs is the one the server's build writes.
    expect(read('apps/server/entries.mjs')).toContain("serverEntry = 'src/main.ts'");
    expect(read('apps/server/build.mjs')).toContain('entryPoints: [serverEntry');
    expect(read('apps/server/package.json')).toContain('"start": "node dist/main.js"');
  });

  it('fees.service passes systemd-analyze verify (where systemd is installed)', () => {
    const which = spawnSync('sh', ['-c', 'command -v systemd-analyze']);
    if (which.status !== 0) return;
    const dir = mkdtempSync(join(tmpdir(), 'fees-unit-'));
    try {
      copyFileSync(join(ROOT, 'deploy/fees.service'), join(dir, 'fees.service'));
      const result = spawnSync('systemd-analyze', ['verify', join(dir, 'fees.service')], { encoding: 'utf8' });
      const complaints = `${result.stdout}${result.stderr}`.split('\n').filter((l) => l.includes('fees.service'));
      // Where node is elsewhere than /usr/bin (a developer's machine), only that may be reported.
      const expected = existsSync('/usr/bin/node') ? [] : complaints.filter((l) => /\/usr\/bin\/node/.test(l));
      expect(complaints).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fees.env: settings this server reads, as the guide describes them', () => {
    const env = parseEnvFile(read('deploy/fees.env'));
    const config = readConfig({ ...env, INIT_CWD: '/opt/fees' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databasePath: '/var/lib/fees/fees.sqlite',
      secureCookies: true,
      trustProxy: '127.0.0.1,::1',
      logLevel: 'info',
      backup: {
        dir: '/var/lib/fees/backups',
        schedule: '0 2 * * *',
        keep: { daily: 14, weekly: 8, monthly: 12 },
        copyTo: null,
      },
    });
    // Every setting in the file is documented in the README's table.
    const readme = read('README.md');
    for (const name of Object.keys(env)) expect(readme).toContain(`| \`${name}\` |`);
    // The commented ones too.
    for (const match of read('deploy/fees.env').matchAll(/^#([A-Z_]+)=/gm))
      expect(readme).toContain(`| \`${match[1]}\` |`);
  });

  it('Caddyfile: one site, proxied to the address and port the app listens on', () => {
    const text = read('deploy/Caddyfile');
    const code = text
      .split('\n')
      .filter((l) => !l.trim().startsWith('#'))
      .join('\n');
    expect([...code].filter((c) => c === '{').length).toBe([...code].filter((c) => c === '}').length);
    const env = parseEnvFile(read('deploy/fees.env'));
    const sites = [...code.matchAll(/^(\S+) \{$/gm)].map((m) => m[1]);
    expect(sites).toEqual(['fees.example.org']);
    expect(code).toMatch(new RegExp(`^\\s+reverse_proxy ${env.HOST}:${env.PORT}$`, 'm'));
  });

  it('docs/deploy.md names the files and settings it relies on', () => {
    const guide = read('docs/deploy.md');
    for (const phrase of [
      'deploy/fees.service',
      'deploy/Caddyfile',
      'EnvironmentFile',
      'Restart=always',
      'HOST=127.0.0.1',
      'TRUST_PROXY=1',
      'COOKIE_SECURE=1',
      'pnpm restore',
      'systemctl restart fees',
    ]) {
      expect(guide).toContain(phrase);
    }
  });
});
