import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { testimonials } from '../content.ts';
import classes from './Testimonials.module.css';
import ui from './ui.module.css';

/**
 * A carousel in the WAI-ARIA pattern: it never rotates on its own, so the slide changes only when
 * the visitor asks (previous/next, a dot, or the arrow keys while focus is inside it).
 */
export function Testimonials() {
  const [index, setIndex] = useState(0);
  const count = testimonials.length;
  const show = (next: number) => setIndex((next + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      id="testimonials"
      className={`${ui.section} ${ui.sectionAlt}`}
      aria-labelledby="testimonials-title"
    >
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>Testimonials</p>
          <h2 id="testimonials-title" className={ui.title}>
            What boards, residents and vendors say
          </h2>
        </div>
        <div
          className={classes.carousel}
          role="region"
          aria-roledescription="carousel"
          aria-label="Testimonials"
          onKeyDown={onKeyDown}
        >
          <div className={classes.viewport} aria-live="polite">
            <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
              {testimonials.map((testimonial, slide) => {
                const isActive = slide === index;
                return (
                  <div
                    key={testimonial.name}
                    className={classes.slide}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={`${slide + 1} of ${count}`}
                    aria-hidden={!isActive}
                    inert={!isActive}
                  >
                    <figure className={classes.card}>
                      <blockquote className={classes.quote}>
                        <p>“{testimonial.quote}”</p>
                      </blockquote>
                      <figcaption className={classes.caption}>
                        <span className={classes.person}>
                          <span className={classes.name}>{testimonial.name}</span>
                          <span className={classes.role}>
                            {testimonial.role}, {testimonial.community}
                          </span>
                        </span>
                        <span className={classes.metric}>
                          <span className={classes.metricValue}>{testimonial.metric.value}</span>
                          <span className={classes.metricLabel}>{testimonial.metric.label}</span>
                        </span>
                      </figcaption>
                    </figure>
                  </div>
                );
              })}
            </div>
          </div>
          <div className={classes.controls}>
            <button
              type="button"
              className={classes.arrow}
              aria-label="Previous testimonial"
              onClick={() => show(index - 1)}
            >
              <IconChevronLeft size={22} aria-hidden />
            </button>
            <div className={classes.dots} role="group" aria-label="Choose a testimonial">
              {testimonials.map((testimonial, slide) => (
                <button
                  key={testimonial.name}
                  type="button"
                  className={classes.dot}
                  aria-label={`Testimonial ${slide + 1} of ${count}`}
                  aria-current={slide === index ? 'true' : undefined}
                  onClick={() => show(slide)}
                />
              ))}
            </div>
            <button
              type="button"
              className={classes.arrow}
              aria-label="Next testimonial"
              onClick={() => show(index + 1)}
            >
              <IconChevronRight size={22} aria-hidden />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
