import './rule.css';

/**
 * A horizontal rule between parts of a form, drawn as Mantine's Divider draws it. The receipt screen
 * uses it instead of Divider, whose own module is a chunk of its own on that screen's first visit.
 */
export function Rule({ spaced = false }: { spaced?: boolean }) {
  return <hr className={spaced ? 'rule rule-spaced' : 'rule'} />;
}
