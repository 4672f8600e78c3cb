import { Fragment } from 'react';

/**
 * An e-mail address that wraps where people expect (issue 26: long addresses at 375 px): a line may
 * break before the @ and after each dot, and only within a part when that part alone is wider than the
 * line (overflow-wrap), instead of anywhere at all.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
