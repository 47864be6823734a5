// The course-material query keys (embed, plots, theme) and the share dialog's addresses and snippet.
import { describe, expect, it } from 'vitest';
import { parseEmbedOptions, PLOT_KEYS } from '../../../web/src/app/embed-options';
import { embedUrl, iframeSnippet, pageUrl } from '../../../web/src/config/share-link';

describe('parseEmbedOptions', () => {
  it('defaults to the full page with every plot and the normal theme', () => {
    expect(parseEmbedOptions('')).toEqual({ options: { embed: false, plots: null, theme: 'default' }, messages: [] });
    expect(parseEmbedOptions('?case=IV&tilt=10')).toEqual({ options: { embed: false, plots: null, theme: 'default' }, messages: [] });
  });

  it('reads embed=1, the plots in page order without duplicates, and the projector theme', () => {
    const r = parseEmbedOptions('?embed=1&plots=error, Energy,error&theme=Projector');
    expect(r.messages).toEqual([]);
    expect(r.options).toEqual({ embed: true, plots: ['energy', 'error'], theme: 'projector' });
    expect(parseEmbedOptions('?embed=0').options.embed).toBe(false);
    expect(parseEmbedOptions('?plots=none').options.plots).toEqual([]);
    expect(parseEmbedOptions(`?plots=${PLOT_KEYS.join(',')}`).options.plots).toEqual([...PLOT_KEYS]);
  });

  it('names each rejected value as "<key>: <rule>" and falls back for that key only', () => {
    const r = parseEmbedOptions('?embed=yes&plots=energy,spin&theme=dark');
    expect(r.options).toEqual({ embed: false, plots: ['energy'], theme: 'default' });
    expect(r.messages).toEqual([
      'embed: must be 1 or 0 (got "\u2068yes\u2069")',
      'plots: unknown plot "\u2068spin\u2069" (use energy, error, height, divergence, velocity or none)',
      'theme: must be projector or default (got "\u2068dark\u2069")',
    ]);
  });

  it('echoes at most 60 characters of a long hostile value, isolated from the text direction', () => {
    const r = parseEmbedOptions(`?theme=${'x'.repeat(5000)}`);
    expect(r.messages[0]).toBe(`theme: must be projector or default (got "\u2068${'x'.repeat(60)}…\u2069")`);
  });

  it('view= opens "Why variational?" or names its bad value', () => {
    expect(parseEmbedOptions('?view=why')).toEqual({ options: { embed: false, plots: null, theme: 'default', view: 'why' }, messages: [] });
    const r = parseEmbedOptions('?view=whyy');
    expect(r.options.view).toBeUndefined();
    expect(r.messages).toEqual(['view: must be why (got "\u2068whyy\u2069")']);
  });
});

describe('share links and the iframe snippet', () => {
  const link = 'https://course.example.org/sims/lgvci/?case=IV&eps=0.2#top';

  it('the page link drops embed, the embed link sets it, both keep the state', () => {
    expect(pageUrl(`${link}&embed=1`.replace('#top', ''))).toBe('https://course.example.org/sims/lgvci/?case=IV&eps=0.2');
    expect(embedUrl(link)).toBe('https://course.example.org/sims/lgvci/?case=IV&eps=0.2&embed=1');
    expect(embedUrl(embedUrl(link))).toBe(embedUrl(link));
  });

  it('the snippet is an escaped, titled iframe with fullscreen allowed and the suggested size', () => {
    const s = iframeSnippet(embedUrl(link), 'Cube "IV" <demo>');
    expect(s).toBe(
      '<iframe src="https://course.example.org/sims/lgvci/?case=IV&amp;eps=0.2&amp;embed=1" title="Cube &quot;IV&quot; &lt;demo&gt;" ' +
        'width="800" height="500" allowfullscreen loading="lazy" style="border: 0; display: block; width: 100%; max-width: 800px; height: auto; aspect-ratio: 800 / 500;"></iframe>',
    );
  });
});
