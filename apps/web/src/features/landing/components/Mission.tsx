import { IconBuildingCommunity, IconCpu, IconHeartHandshake } from '@tabler/icons-react';
import { pillars } from '../content.ts';
import classes from './Mission.module.css';
import ui from './ui.module.css';

const icons = [IconBuildingCommunity, IconCpu, IconHeartHandshake];

export function Mission() {
  return (
    <section id="mission" className={ui.section} aria-labelledby="mission-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>Why we exist</p>
          <h2 id="mission-title" className={ui.title}>
            Our Mission
          </h2>
          <p className={ui.lead}>
            Give every homeowners association the responsive, well-run management that only large budgets used
            to buy, at a price that leaves more for the community itself.
          </p>
        </div>
        <ul className={classes.pillars}>
          {pillars.map((pillar, index) => {
            const Icon = icons[index]!;
            return (
              <li key={pillar.title} className={classes.pillar}>
                <span className={classes.icon}>
                  <Icon size={26} stroke={1.8} aria-hidden />
                </span>
                <h3 className={classes.title}>{pillar.title}</h3>
                <p className={classes.text}>{pillar.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
