import { IconCheck } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { portals } from '../content.ts';
import classes from './PortalTabs.module.css';
import ui from './ui.module.css';

const tabId = (id: string) => `portal-tab-${id}`;
const panelId = 'portal-panel';

/** Five portals: tabs on wide screens, a select under 768px (both in the page, CSS shows one). */
export function PortalTabs() {
  const [selectedId, setSelectedId] = useState(portals[0]!.id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = portals.find((portal) => portal.id === selectedId) ?? portals[0]!;

  // WAI-ARIA tabs with automatic activation: arrows, Home and End move focus and select.
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = portals.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % portals.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + portals.length) % portals.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setSelectedId(portals[next]!.id);
    tabs.current[next]?.focus();
  }

  return (
    <section id="portals" className={ui.section} aria-labelledby="portals-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>Portals</p>
          <h2 id="portals-title" className={ui.title}>
            A portal for everyone in the community
          </h2>
          <p className={ui.lead}>
            Board members, residents, managers, developers and vendors each get a view made for the work they
            do.
          </p>
        </div>

        <div className={classes.picker}>
          <label htmlFor="portal-select" className={classes.selectLabel}>
            Choose a portal
          </label>
          <select
            id="portal-select"
            className={classes.select}
            value={selectedId}
            onChange={(event) => setSelectedId(event.target.value)}
          >
            {portals.map((portal) => (
              <option key={portal.id} value={portal.id}>
                {portal.name}
              </option>
            ))}
          </select>
        </div>

        <div role="tablist" aria-label="Portals" className={classes.tablist}>
          {portals.map((portal, index) => {
            const isSelected = portal.id === selectedId;
            return (
              <button
                key={portal.id}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={tabId(portal.id)}
                aria-selected={isSelected}
                aria-controls={panelId}
                tabIndex={isSelected ? 0 : -1}
                className={classes.tab}
                onClick={() => setSelectedId(portal.id)}
                onKeyDown={(event) => onTabKeyDown(event, index)}
              >
                {portal.name}
              </button>
            );
          })}
        </div>

        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(selected.id)}
          tabIndex={0}
          className={classes.panel}
        >
          <div>
            <h3 className={classes.panelTitle}>{selected.title}</h3>
            <p className={classes.panelText}>{selected.description}</p>
          </div>
          <ul className={classes.features}>
            {selected.features.map((feature) => (
              <li key={feature}>
                <IconCheck size={18} aria-hidden className={classes.check} />
                {feature}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
