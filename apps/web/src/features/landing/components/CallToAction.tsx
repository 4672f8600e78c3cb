import { drafts, mailtoHref } from '../mailto.ts';
import classes from './CallToAction.module.css';
import ui from './ui.module.css';

export function CallToAction({ contactEmail }: { contactEmail: string }) {
  return (
    <section className={classes.cta} aria-labelledby="cta-title">
      <div className={`${ui.container} ${classes.inner}`}>
        <h2 id="cta-title" className={classes.title}>
          Bring the numbers to your next board meeting
        </h2>
        <p className={classes.text}>
          We’ll present to your board with your community’s own figures, answer every question, and leave you
          with a written proposal. AI management can be active in as little as 2 weeks, with a 90-day
          satisfaction guarantee.
        </p>
        <a href={mailtoHref(contactEmail, drafts.boardPresentation)} className={ui.onDark}>
          Schedule a Board Presentation
        </a>
      </div>
    </section>
  );
}
