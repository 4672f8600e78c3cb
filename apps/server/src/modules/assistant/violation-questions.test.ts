import { describe, expect, it } from 'vitest';
import { asksAboutViolationNotice } from './violation-questions.ts';

describe('a question about a violation notice', () => {
  it.each([
    'Why did I get this letter?',
    'why did i receive a violation notice',
    'What is this violation notice about?',
    'I got a courtesy notice from the HOA, what does it mean?',
    'what is my violation',
    'How do I cure the violation?',
    'Can I request a hearing?',
    'Why was I fined?',
    '¿Por qué recibí esta carta?',
    '¿Qué es este aviso de infracción?',
    'Me llegó una notificación de infracción, ¿qué hago?',
    'Thư này là gì vậy?',
    'Pourquoi ai-je reçu cette lettre ?',
    'Por que recebi esta carta?',
    'Tại sao tôi nhận được thư này?',
    '为什么我收到这封信？',
  ])('recognises "%s"', (text) => {
    expect(asksAboutViolationNotice(text)).toBe(true);
  });

  it.each([
    'My kitchen sink is leaking',
    'When does the pool open?',
    "I'm fine, thanks",
    'Why is the pool closed? I saw a notice on the gate yesterday evening',
    'My neighbor leaves his trash out, why does nobody send him a violation letter?',
    'Mi vecino tiene una infracción, ¿por qué no le mandan una carta?',
    'Why was I charged a $25 fine?',
    '邻居为什么没收到违规通知',
    'I want to report a violation',
    'What is the fine for a second violation?',
    'got a 2nd violation notice, how much will that fine be',
    'the portal shows $0 owed but I got a past due letter in the mail',
    'I got out fine but the elevator is clunking',
    'recebi o aviso do fire drill amanha',
    'Email của quản lý là gì, em muốn gửi thư',
  ])('leaves "%s" to the other answers', (text) => {
    expect(asksAboutViolationNotice(text)).toBe(false);
  });
});
