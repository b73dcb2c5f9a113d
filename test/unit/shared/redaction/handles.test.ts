// Social media handles (issue 21 §1): "@name" anywhere (possible with no platform near), a name after a
// platform's name; not emails, times after "@", or ordinary words said of a platform.
import { describe, expect, it } from 'vitest';
import { found, ofKind } from './support';

describe('social handles', () => {
  it.each([
    ['@maria_k on instagram', '@maria_k'],
    ['twitter handle @j_smith', '@j_smith'],
    ['follow me @thequeen', '@thequeen'],
    ['my insta’s @lauren.b', '@lauren.b'],
    ['I’m @kwame.b on twitter', '@kwame.b'],
    ['my tiktok is lil.dre', 'lil.dre'],
    ['find me on insta at sunny.days_', 'sunny.days_'],
    ['I’m sunny.days_ on insta', 'sunny.days_'],
    ['my snapchat is jess_xo', 'jess_xo'],
    ['her username on reddit is throwaway123', 'throwaway123'],
    ['tiktok: dancequeen99', 'dancequeen99'],
    ['my instagram handle is sunnydays', 'sunnydays'],
    ['catch me on twitch as xXgamerXx', 'xXgamerXx'],
    ['find me on insta at chloe dot bakes', 'chloe dot bakes'],
    ['she’s kemi underscore reads on tiktok', 'kemi underscore reads'],
    ['add me on snapchat, it’s chloenguyen92', 'chloenguyen92'],
    ['my handle is hannah.w.draws', 'hannah.w.draws'],
    ['my handle on linkedin is kwame.mensah.dev', 'kwame.mensah.dev'],
    ['my youtube channel is danwritesstuff', 'danwritesstuff'],
    ['I sell on instagram, instagram.com/amaka.styles, mostly', 'instagram.com/amaka.styles'],
    ['linkedin.com/in/marcus-bell-84 for work', 'linkedin.com/in/marcus-bell-84'],
    ['it’s tiktok.com/@luca.cucina', 'tiktok.com/@luca.cucina'],
    ['I’m @marcusbuilds on X', '@marcusbuilds'],
  ])('%s', (s, handle) => {
    expect(found(s)).toEqual([['handle', handle]]);
  });

  it('marks what may be a handle as possible', () => {
    expect(found('message @sunny_d later')).toEqual([['handle?', '@sunny_d']]);
    expect(found('my IG is sunnydays')).toEqual([['handle?', 'sunnydays']]);
  });

  it.each([
    'see you @ 5pm or @5pm',
    'meet @ the station',
    '@everyone please read, @here too',
    'install it with version @latest',
    'email me at sam@example.com',
    'I use instagram a lot',
    'instagram is full of ads',
    'tiktok is addictive',
    'my tiktok is boring',
    'my instagram is private',
    'I’m on instagram every day',
    'I watched 2 hours on youtube',
    'I’m on twitch as well',
    'the door handle is loose',
    'the username field is empty',
  ])('leaves alone: %s', (s) => {
    expect(ofKind(s, 'handle')).toEqual([]);
  });
});
