import { IconArrowDown, IconCircleCheck } from '@tabler/icons-react';
import { drafts, mailtoHref } from '../mailto.ts';
import classes from './Hero.module.css';
import ui from './ui.module.css';

const assurances = ['Live in as little as 2 weeks', '90-day satisfaction guarantee', 'No hidden fees'];

export function Hero({ companyName, contactEmail }: { companyName: string; contactEmail: string }) {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={`${ui.container} ${classes.grid}`}>
        <div className={classes.copy}>
          <p className={ui.eyebrow}>AI-powered HOA management</p>
          <h1 id="hero-title" className={classes.title}>
            Your community, managed around the clock
          </h1>
          <p className={classes.lead}>
            {companyName} replaces the traditional management company with an AI assistant that handles 89% of
            everyday requests, and a team of people who step in whenever judgment is needed. Boards pay 40–60%
            less; residents get answers in minutes.
          </p>
          <div className={classes.actions}>
            <a href={mailtoHref(contactEmail, drafts.contact)} className={ui.primary}>
              Contact Us
            </a>
            <a href="#how-it-works" className={ui.secondary}>
              See How It Works
              <IconArrowDown size={18} aria-hidden />
            </a>
          </div>
          <ul className={classes.assurances}>
            {assurances.map((text) => (
              <li key={text}>
                <IconCircleCheck size={18} aria-hidden className={classes.check} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <figure className={classes.preview}>
          <figcaption className={classes.previewCaption}>Tuesday, 9:41 pm</figcaption>
          <ol className={classes.previewMessages}>
            <li className={classes.fromResident}>
              <span className={classes.sender}>Resident</span>
              The pool gate won’t latch and kids are getting in after hours.
            </li>
            <li className={classes.fromAssistant}>
              <span className={classes.sender}>AI Assistant · 2 min later</span>
              Thanks for reporting it. I’ve opened a work order and booked the gate contractor for 8 am. The
              pool stays closed until then, and I’ve told the board.
            </li>
          </ol>
        </figure>
      </div>
    </section>
  );
}
