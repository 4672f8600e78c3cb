import { IconBuildingCommunity } from '@tabler/icons-react';
import { productName } from '../lib/use-page-title.ts';
import classes from './Wordmark.module.css';

/** Logo mark and product name. Only spans, so it can sit inside a heading or a link. */
export function Wordmark({ size = 'md' }: { size?: 'md' | 'xl' }) {
  return (
    <span className={classes.root} data-size={size}>
      <span className={classes.mark} aria-hidden>
        <IconBuildingCommunity stroke={1.8} className={classes.icon} />
      </span>
      <span className={classes.name}>{productName}</span>
    </span>
  );
}
