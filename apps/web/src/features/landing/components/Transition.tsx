import { IconMail } from '@tabler/icons-react';
import { transitionSteps } from '../content.ts';
import { drafts, mailtoHref } from '../mailto.ts';
import classes from './Transition.module.css';
import ui from './ui.module.css';

export function Transition({ contactEmail }: { contactEmail: string }) {
  return (
    <section id="transition" className={ui.section} aria-labelledby="transition-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>Switching</p>
          <h2 id="transition-title" className={ui.title}>
            Moving over takes three steps
          </h2>
          <p className={ui.lead}>
            We handle the handover from your current management company, and a dedicated transition manager
            stays with you for 90 days.
          </p>
        </div>
        <ol className={classes.steps}>
          {transitionSteps.map((step, index) => (
            <li key={step.title} className={classes.step}>
              <span className={classes.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={classes.stepTitle}>
                <span className={ui.visuallyHidden}>Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className={classes.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className={classes.action}>
          <a href={mailtoHref(contactEmail, drafts.consultation)} className={ui.primary}>
            <IconMail size={18} aria-hidden />
            Book a Free Consultation
          </a>
        </div>
      </div>
    </section>
  );
}
