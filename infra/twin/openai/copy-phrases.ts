/**
 * THE TWIN'S STAND-IN FOR A MODEL'S TRANSLATION: short, fixed phrase tables in Spanish, French and German that the
 * offline model fills with the product and audience as the marketer wrote them (untranslated: it knows no
 * vocabulary). A real model writes whole sentences in the language; these exist so that on the twin a brief in
 * es/fr/de comes back in es/fr/de, deterministic and within Meta's lengths. The sentences avoid agreeing with the
 * inserted words (no adjectives on the product), since the offline model cannot know their gender.
 */

export type PhraseLanguage = 'es' | 'fr' | 'de';
export const PHRASE_LANGUAGES: readonly PhraseLanguage[] = ['es', 'fr', 'de'];

export interface PhraseForms {
  product: string;
  Product: string;
  audience: string;
  Audience: string;
}

export interface PhraseTone {
  open: string;
  end: string;
}

interface AngleCopy {
  headlines: string[];
  texts: string[];
}

type AngleWriter = (f: PhraseForms, t: PhraseTone, cta: string) => AngleCopy;

export interface LanguagePhrases {
  tones: Record<string, PhraseTone> & { default: PhraseTone };
  /** The call to action as words in a sentence; the button itself stays Meta's enum, which Meta labels per viewer. */
  cta: Record<string, string> & { default: string };
  angles: Record<'benefit' | 'social_proof' | 'urgency' | 'question' | 'problem_solution', AngleWriter>;
  descriptions: (f: PhraseForms) => string[];
}

export const PHRASES: Record<PhraseLanguage, LanguagePhrases> = {
  es: {
    // Spanish opens an exclamation with ¡, which a template cannot place around inserted words: sentences end in '.'.
    tones: {
      playful: { open: '¡Psst!', end: '.' },
      bold: { open: 'Sin concesiones.', end: '.' },
      luxurious: { open: 'Hecho para disfrutar.', end: '.' },
      professional: { open: 'Pensado para dar resultados.', end: '.' },
      empathetic: { open: 'Te entendemos.', end: '.' },
      default: { open: 'Buenas noticias.', end: '.' },
    },
    cta: {
      'Shop now': 'Compra ahora',
      'Buy now': 'Compra ahora',
      'Get offer': 'Aprovecha la oferta',
      'Order now': 'Haz tu pedido',
      'Sign up': 'Regístrate',
      'Get quote': 'Pide presupuesto',
      'Apply now': 'Solicítalo',
      'Contact us': 'Escríbenos',
      'Install now': 'Instálala',
      Download: 'Descárgala',
      default: 'Descubre más',
    },
    angles: {
      benefit: (f, t, cta) => ({
        headlines: [`${f.Product} para ti`, `Descubre ${f.product}`, `Lo mejor de ${f.product}`],
        texts: [
          `${t.open} ${f.Product}, para ${f.audience}. Pruébalo y nota la diferencia${t.end}`,
          `Para ${f.audience}: ${f.product} que se adapta a tu día. ${cta} y compruébalo${t.end}`,
          `Descubre ${f.product}, con ${f.audience} en mente desde el primer día${t.end}`,
        ],
      }),
      social_proof: (f, t, cta) => ({
        headlines: [`${f.Audience} eligen ${f.product}`, `El favorito de ${f.audience}`],
        texts: [
          `${f.Audience} vuelven una y otra vez a ${f.product}. Descubre por qué${t.end}`,
          `Pregunta a ${f.audience} por ${f.product}: las opiniones hablan solas. ${cta}${t.end}`,
        ],
      }),
      urgency: (f, t, cta) => ({
        headlines: [`${f.Product}: empieza hoy`, `No esperes más por ${f.product}`],
        texts: [
          `${t.open} ${f.Product} para ${f.audience}, cuando tú quieras. ${cta}${t.end}`,
          `Cada semana sin ${f.product} es una semana perdida. ${cta}${t.end}`,
        ],
      }),
      question: (f, t, cta) => ({
        headlines: [`¿Buscas ${f.product}?`, `¿Por qué no ${f.product}?`],
        texts: [
          `¿Qué cambiaría ${f.product} en tu semana? ${f.Audience} ya lo están descubriendo${t.end}`,
          `¿Buscas ${f.product} que encaje con tu vida? Para ${f.audience}. ${cta}${t.end}`,
        ],
      }),
      problem_solution: (f, t) => ({
        headlines: [`${f.Product}, sin complicaciones`, `${f.Product}, más fácil`],
        texts: [
          `¿Te conformas con menos? ${f.Product}, para ${f.audience} desde el primer día${t.end}`,
          `¿Poco tiempo y demasiadas molestias? Con ${f.product}, ${f.audience} recuperan su tiempo${t.end}`,
        ],
      }),
    },
    descriptions: (f) => [`Para ${f.audience}`, `${f.Product} para ti`, 'Descubre las novedades'],
  },
  fr: {
    tones: {
      playful: { open: 'Psst !', end: ' !' },
      bold: { open: 'Fini les compromis.', end: '.' },
      luxurious: { open: 'Pensé pour être savouré.', end: '.' },
      professional: { open: 'Conçu pour des résultats.', end: '.' },
      empathetic: { open: 'On vous comprend.', end: '.' },
      default: { open: 'Bonne nouvelle.', end: ' !' },
    },
    cta: {
      'Shop now': 'Achetez maintenant',
      'Buy now': 'Achetez maintenant',
      'Get offer': 'Profitez de l’offre',
      'Order now': 'Commandez',
      'Sign up': 'Inscrivez-vous',
      'Get quote': 'Demandez un devis',
      'Apply now': 'Postulez',
      'Contact us': 'Écrivez-nous',
      'Install now': 'Installez-la',
      Download: 'Téléchargez-la',
      default: 'Découvrez-en plus',
    },
    angles: {
      benefit: (f, t, cta) => ({
        headlines: [`${f.Product} pour vous`, `Découvrez ${f.product}`, `Le meilleur de ${f.product}`],
        texts: [
          `${t.open} ${f.Product}, pour ${f.audience}. Essayez et sentez la différence${t.end}`,
          `Pour ${f.audience} : ${f.product} qui suit votre rythme. ${cta} et jugez vous-même${t.end}`,
          `Découvrez ${f.product}, avec ${f.audience} en tête dès le premier jour${t.end}`,
        ],
      }),
      social_proof: (f, t, cta) => ({
        headlines: [`${f.Audience} choisissent ${f.product}`, `Le préféré de ${f.audience}`],
        texts: [
          `${f.Audience} reviennent sans cesse à ${f.product}. Découvrez pourquoi${t.end}`,
          `Demandez à ${f.audience} ce qu’ils pensent de ${f.product} : les avis parlent d’eux-mêmes. ${cta}${t.end}`,
        ],
      }),
      urgency: (f, t, cta) => ({
        headlines: [`${f.Product} : dès aujourd’hui`, `N’attendez plus pour ${f.product}`],
        texts: [
          `${t.open} ${f.Product} pour ${f.audience}, quand vous voulez. ${cta}${t.end}`,
          `Chaque semaine sans ${f.product} est une semaine de perdue. ${cta}${t.end}`,
        ],
      }),
      question: (f, t, cta) => ({
        headlines: [`Vous cherchez ${f.product} ?`, `Pourquoi pas ${f.product} ?`],
        texts: [
          `Et si ${f.product} changeait votre semaine ? ${f.Audience} le découvrent déjà${t.end}`,
          `Vous cherchez ${f.product} qui vous ressemble ? Pour ${f.audience}. ${cta}${t.end}`,
        ],
      }),
      problem_solution: (f, t) => ({
        headlines: [`${f.Product}, sans complications`, `${f.Product}, tout simplement`],
        texts: [
          `Marre de vous contenter de moins ? ${f.Product}, pour ${f.audience} dès le premier jour${t.end}`,
          `Trop de tracas, pas assez de temps ? Avec ${f.product}, ${f.audience} gagnent du temps${t.end}`,
        ],
      }),
    },
    descriptions: (f) => [`Pour ${f.audience}`, `${f.Product} pour vous`, 'Découvrez les nouveautés'],
  },
  de: {
    tones: {
      playful: { open: 'Psst!', end: '!' },
      bold: { open: 'Keine Kompromisse mehr.', end: '.' },
      luxurious: { open: 'Gemacht zum Genießen.', end: '.' },
      professional: { open: 'Gebaut für Ergebnisse.', end: '.' },
      empathetic: { open: 'Wir verstehen dich.', end: '.' },
      default: { open: 'Gute Nachrichten.', end: '!' },
    },
    cta: {
      'Shop now': 'Jetzt einkaufen',
      'Buy now': 'Jetzt kaufen',
      'Get offer': 'Sichere dir das Angebot',
      'Order now': 'Jetzt bestellen',
      'Sign up': 'Jetzt registrieren',
      'Get quote': 'Angebot anfordern',
      'Apply now': 'Jetzt bewerben',
      'Contact us': 'Schreib uns',
      'Install now': 'Jetzt installieren',
      Download: 'Jetzt herunterladen',
      default: 'Mehr erfahren',
    },
    angles: {
      benefit: (f, t, cta) => ({
        headlines: [`${f.Product} für dich`, `Entdecke ${f.product}`, `Das Beste von ${f.product}`],
        texts: [
          `${t.open} ${f.Product}, für ${f.audience}. Probier es aus und spür den Unterschied${t.end}`,
          `Für ${f.audience}: ${f.product} für jeden Tag. ${cta} und überzeug dich selbst${t.end}`,
          `Entdecke ${f.product}, mit ${f.audience} im Blick vom ersten Tag an${t.end}`,
        ],
      }),
      social_proof: (f, t, cta) => ({
        headlines: [`${f.Audience} wählen ${f.product}`, `Der Favorit von ${f.audience}`],
        texts: [
          `${f.Audience} kommen immer wieder zu ${f.product} zurück. Finde heraus, warum${t.end}`,
          `Frag ${f.audience} nach ${f.product}: die Bewertungen sprechen für sich. ${cta}${t.end}`,
        ],
      }),
      urgency: (f, t, cta) => ({
        headlines: [`${f.Product}: starte heute`, `Warte nicht länger auf ${f.product}`],
        texts: [
          `${t.open} ${f.Product} für ${f.audience}, bereit, wenn du es bist. ${cta}${t.end}`,
          `Jede Woche ohne ${f.product} ist eine verlorene Woche. ${cta}${t.end}`,
        ],
      }),
      question: (f, t, cta) => ({
        headlines: [`Suchst du ${f.product}?`, `Warum nicht ${f.product}?`],
        texts: [
          `Was würde ${f.product} in deiner Woche ändern? ${f.Audience} finden es gerade heraus${t.end}`,
          `Suchst du ${f.product} für deinen Alltag? Für ${f.audience}. ${cta}${t.end}`,
        ],
      }),
      problem_solution: (f, t) => ({
        headlines: [`${f.Product}, ohne Aufwand`, `${f.Product}, ganz einfach`],
        texts: [
          `Keine Lust mehr auf Kompromisse? ${f.Product}, für ${f.audience} vom ersten Tag an${t.end}`,
          `Zu viel Aufwand, zu wenig Zeit? Mit ${f.product} gewinnen ${f.audience} Zeit zurück${t.end}`,
        ],
      }),
    },
    descriptions: (f) => [`Für ${f.audience}`, `${f.Product} für dich`, 'Entdecke das Neue'],
  },
};

/** Names and codes a prompt may use for a language ("Spanish", "es", "es-MX") → the phrase table's code. */
export function phraseLanguageOf(value: string): PhraseLanguage | undefined {
  // "Spanish (es-MX)", as the campaign plan prompt names a tagged language, is Spanish.
  const text = value
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '');
  const names: Record<string, PhraseLanguage> = {
    spanish: 'es',
    español: 'es',
    french: 'fr',
    français: 'fr',
    german: 'de',
    deutsch: 'de',
  };
  if (names[text]) return names[text];
  const base = text.split(/[-_]/)[0] ?? '';
  return (PHRASE_LANGUAGES as readonly string[]).includes(base) ? (base as PhraseLanguage) : undefined;
}
