import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Program -> Debian package, from the list scripts/test.sh installs (scripts/system-packages.txt). */
function debianPackages(): Map<string, string> {
  const text = readFileSync(new URL('../../../scripts/system-packages.txt', import.meta.url), 'utf8');
  const packages = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [program, pkg] = line.trim().split(/\s+/);
    if (program && !program.startsWith('#') && pkg) packages.set(program, pkg);
  }
  return packages;
}

/** What to say when an outside program the tests need is missing: the program and its Debian package. */
export function missingProgramMessage(program: string): string {
  const pkg = debianPackages().get(program);
  if (!pkg)
    return `${program} is not installed, and scripts/system-packages.txt does not say which Debian package provides it: add it there.`;
  return `${program} is not installed. It comes with Debian's package ${pkg}: apt-get install -y ${pkg} (bash scripts/test.sh installs it).`;
}

/** Runs an outside program and returns its output; a missing program fails with the package to install, not ENOENT. */
export function runProgram(program: string, args: string[]): string {
  try {
    return execFileSync(program, args).toString();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(missingProgramMessage(program));
    throw error;
  }
}
