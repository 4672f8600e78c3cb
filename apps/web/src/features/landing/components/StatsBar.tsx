import { stats } from '../content.ts';
import classes from './StatsBar.module.css';
import ui from './ui.module.css';

export function StatsBar() {
  return (
    <section className={classes.bar} aria-labelledby="stats-title">
      <h2 id="stats-title" className={ui.visuallyHidden}>
        Results at a glance
      </h2>
      <ul className={classes.list}>
        {stats.map((stat) => (
          <li key={stat.label} className={classes.stat}>
            <span className={classes.value}>{stat.value}</span>
            <span className={classes.label}>{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
