import type { ContentCollection, TranslatedFields } from '../../shared/content-records.js';
import type { Locale } from '../../shared/i18n/locales.js';
import { DEMO_SEATS, PRINCIPAL, SCHOOL_NAME } from './people.js';

/**
 * The demo school's public content in its other languages (docs/decisions/0064-content-in-the-schools-languages.md),
 * so that /fr and /ar show translated pages out of the box. Per collection, one entry per record in the
 * order of demoContent() (content.ts); `undefined` leaves a record untranslated. People's names, the
 * school's name and the facts of the contact record stay as they are, as a school would keep them.
 */
export type DemoTranslations = { [C in ContentCollection]?: (TranslatedFields | undefined)[] };

const FRENCH: DemoTranslations = {
  home: [
    {
      heading: 'Centre d’éveil pour enfants',
      title: 'Une nouvelle façon d’éduquer les enfants',
      learnMoreLabel: 'En savoir plus',
      description: `À ${SCHOOL_NAME}, les enfants apprennent par le jeu, la curiosité et la bienveillance. Des classes à petits effectifs, des enseignants attentionnés et un cadre lumineux et sûr aident votre enfant à prendre confiance en lui dès le premier jour.`,
    },
  ],
  about: [
    {
      checklist:
        'Des classes de vingt enfants au plus#Des enseignants formés à la petite enfance#Un petit-déjeuner et un déjeuner sains, cuisinés chaque jour#Un cadre sûr avec un grand jardin de jeux#Un mot hebdomadaire aux parents sur les progrès de chaque enfant',
    },
    {
      label: 'Qui sommes-nous',
      title: 'La meilleure école pour vos enfants',
      description: `${SCHOOL_NAME} a ouvert ses portes en 2009 avec une seule classe et douze enfants. Aujourd’hui, quatre classes, de la petite section au CE1, partagent un bâtiment ensoleillé, un potager et une bibliothèque pleine d’albums. Nous suivons le rythme de chaque enfant, fêtons chaque petit progrès et associons les parents à tout ce que nous faisons.`,
      learnMoreLabel: 'En savoir plus',
    },
  ],
  class: [{ label: 'Nos ateliers', title: 'Des classes pour vos enfants' }],
  kidsclasses: [
    {
      title: 'Petite section',
      description:
        'Nos plus jeunes découvrent les couleurs, les formes et les matières avec des craies, de la peinture au doigt et de la pâte à modeler, et apprennent à jouer ensemble. Chaque trimestre se termine par une petite exposition pour les familles.',
      ageOfKids: '3 à 4 ans',
      totalSeats: `${DEMO_SEATS.Nursery} places`,
      classTime: '8 h - 12 h',
      tuitionFee: '290 $ / mois',
    },
    {
      title: 'Grande section',
      description:
        'Histoires, chansons et comptines enrichissent le vocabulaire et donnent le goût des livres. Chaque vendredi, les enfants emportent un livre de la bibliothèque pour le partager en famille.',
      ageOfKids: '4 à 5 ans',
      totalSeats: `${DEMO_SEATS.KG} places`,
      classTime: '8 h - 13 h',
      tuitionFee: '250 $ / mois',
    },
    {
      title: 'CP',
      description:
        'Des découvertes concrètes dans notre jardin : semer des graines, observer les papillons et poser plein de « pourquoi ? » une loupe à la main, à côté des premières lectures et des nombres.',
      ageOfKids: '5 à 6 ans',
      totalSeats: `${DEMO_SEATS['Class 1']} places`,
      classTime: '8 h - 14 h',
      tuitionFee: '270 $ / mois',
    },
    {
      title: 'CE1',
      description:
        'Lecture, écriture et calcul chaque matin, et chaque après-midi dehors : le sport, le jardin et les projets que la classe choisit ensemble.',
      ageOfKids: '6 à 7 ans',
      totalSeats: `${DEMO_SEATS['Class 2']} places`,
      classTime: '8 h - 15 h',
      tuitionFee: '270 $ / mois',
    },
  ],
  comments: [
    {
      designation: 'Maman d’Aisha, grande section',
      quote:
        'Aisha se cachait derrière moi au portail. Après un trimestre, elle entre en chantant, et chaque soir elle nous parle de ses amis et des histoires que lit Mme Okafor. Les enseignants connaissent vraiment chaque enfant.',
    },
    {
      designation: 'Papa de Jonas, CP',
      quote:
        'Nous adorons le mot hebdomadaire de l’enseignante. Nous savons toujours ce que Jonas apprend, et il est fier de nous montrer son carnet de jardin. La sortie est calme et l’équipe a toujours le sourire.',
    },
    {
      designation: 'Maman de Lily, petite section',
      quote:
        'L’adaptation a été si douce. Lily avait un camarade dès le premier jour et l’équipe nous a envoyé une photo à midi. Deux ans plus tard, elle demande encore si c’est un jour d’école.',
    },
    {
      designation: 'Papa de Sofia, CE1',
      quote:
        'Sofia lit maintenant une histoire à son petit frère tous les soirs. Le club de lecture et des enseignants patients et encourageants ont tout changé. Merci, Sunny Meadows !',
    },
  ],
  teacher: [
    { label: 'Nos enseignants', title: 'Découvrez nos enseignants', designation: 'Enseignante d’anglais' },
    { designation: 'Enseignant de mathématiques' },
    { designation: 'Enseignante de sciences' },
    { designation: 'Enseignante d’arts plastiques' },
  ],
  blog: [
    {
      label: 'Derniers articles',
      title: 'Les derniers articles du blog',
      heading: 'Cinq idées pour une lecture du soir magique',
      description:
        'Une histoire au coucher est l’un des plus beaux cadeaux à faire à un jeune enfant. Laissez-le choisir le livre, prenez une voix différente pour chaque personnage, faites une pause pour deviner la suite et baissez la lumière. Dix minutes douillettes chaque soir développent le vocabulaire, l’imagination et le goût des livres pour la vie.',
      category: 'Lecture',
    },
    {
      heading: 'Des idées de boîte à déjeuner que vos enfants mangeront vraiment',
      description:
        'Le secret, c’est la couleur : un arc-en-ciel de bâtonnets de carotte, de raisins, de tranches de pomme et un sandwich au pain complet coupé en triangles. Laissez votre enfant préparer la boîte la veille, ajoutez une bouteille d’eau plutôt qu’un jus et gardez les friandises pour le vendredi. Notre équipe de cuisine partage une nouvelle recette chaque mois.',
      category: 'Santé et alimentation',
    },
    {
      heading: 'Pourquoi jouer dehors compte plus que jamais',
      description:
        'Courir, grimper ou faire voler un cerf-volant, ce n’est pas une pause dans les apprentissages : c’est apprendre. Le jeu en plein air développe l’équilibre, la confiance et les amitiés, et les enfants reviennent en classe plus calmes et prêts à se concentrer. C’est pourquoi chaque classe de Sunny Meadows passe au moins une heure dehors chaque jour, qu’il pleuve ou qu’il vente.',
      category: 'Jeu et développement',
    },
  ],
  facilities: [
    {
      heading: 'Un car scolaire sûr',
      description:
        'Un ramassage devant chez vous sur six trajets, avec un accompagnateur formé dans chaque car et un message aux parents à chaque arrêt.',
    },
    {
      heading: 'Des repas sains',
      description:
        'Un petit-déjeuner et un déjeuner équilibrés, cuisinés chaque jour dans notre cuisine, avec des choix végétariens et adaptés aux allergies.',
    },
    {
      heading: 'Art et créativité',
      description:
        'Une salle d’arts plastiques lumineuse avec peintures, argile et un coin de bricolage récup’, ouverte à chaque classe chaque semaine.',
    },
    {
      heading: 'Musique et danse',
      description:
        'Chants, jeux de rythme et mouvement chaque matin, et un petit concert pour les familles chaque trimestre.',
    },
    {
      heading: 'Un cadre sûr et protégé',
      description:
        'Des portails sécurisés, une liste signée des personnes autorisées et une équipe formée aux premiers secours pédiatriques et à la protection de l’enfance.',
    },
    {
      heading: 'Un jardin de jeux en plein air',
      description:
        'Toboggans, balançoires, bac à sable et un potager où les enfants font pousser leurs propres goûters.',
    },
  ],
  gallery: [{ label: 'Notre galerie', title: 'La galerie de notre école' }],
  blogdetails: [
    {
      label: 'Jeu et développement',
      title: 'Pourquoi jouer dehors compte plus que jamais',
      description:
        'Les enfants d’aujourd’hui passent plus de temps à l’intérieur qu’aucune génération avant eux. À Sunny Meadows, nous pensons que la cour de récréation est l’une de nos plus importantes salles de classe. Voici pourquoi.',
    },
    {
      label: `Par ${PRINCIPAL.name}`,
      title: 'On apprend partout',
      description:
        'Observez un groupe d’enfants de quatre ans sur la structure d’escalade : vous y verrez de l’organisation, des tours de rôle, du calcul et beaucoup de courage. Jouer dehors, c’est la façon dont les jeunes enfants mettent leurs idées à l’épreuve avec tout leur corps.',
    },
    {
      label: 'Ce que dit la recherche',
      title: 'Des corps plus forts, des esprits plus calmes',
      description:
        'Le jeu actif en plein air renforce les muscles et l’équilibre, aide les enfants à mieux dormir et améliore leur attention une fois rentrés. L’air frais et la lumière du jour mettent tout le monde de bonne humeur, enseignants compris.\n\nLes leçons sociales comptent tout autant : se mettre d’accord sur les règles d’un jeu, attendre son tour à la balançoire, aider un ami tombé. Ce sont les premiers pas vers l’empathie et l’esprit d’équipe.',
    },
    {
      label: 'À Sunny Meadows',
      title: 'Comment nous le faisons chaque jour',
      description:
        'Chaque classe passe au moins une heure dehors chaque jour. Nous gardons des bottes et des imperméables de rechange pour tous, cultivons des légumes dans notre jardin et faisons une courte promenade nature chaque semaine. Les parents sont les bienvenus à nos matinées jardinage du samedi.',
    },
    {
      title: `Chef d’établissement, ${SCHOOL_NAME}`,
      description:
        'Margaret dirige Sunny Meadows depuis douze ans. Auparavant, elle a enseigné en maternelle pendant dix ans, et elle lit encore une histoire à chaque classe une fois par semaine.',
    },
  ],
  contacts: [
    {
      label: 'Contactez-nous',
      title: 'Écrivez-nous pour toute question',
      description:
        'Une question sur les inscriptions, les frais ou une visite ? Écrivez-nous ou passez nous voir : notre secrétariat répond à chaque message en un jour d’école.',
    },
  ],
};

const ARABIC: DemoTranslations = {
  home: [
    {
      heading: 'مركز تعلّم الأطفال',
      title: 'نهج جديد في تعليم الأطفال',
      learnMoreLabel: 'اعرف المزيد',
      description: `في ${SCHOOL_NAME} يتعلّم الأطفال باللعب والفضول واللطف. فصول صغيرة ومعلّمون يهتمون بكل طفل وحرم مدرسي مشرق وآمن تساعد طفلك على النمو بثقة منذ اليوم الأول.`,
    },
  ],
  about: [
    {
      checklist:
        'فصول لا يزيد عدد أطفالها على عشرين#معلّمون مؤهَّلون في تعليم الطفولة المبكرة#فطور وغداء صحيّان يُطهيان طازجَين كل يوم#حرم مدرسي آمن مع حديقة لعب كبيرة#رسالة أسبوعية إلى الأهل عن تقدّم كل طفل',
    },
    {
      label: 'تعرّف إلينا',
      title: 'أفضل مدرسة لأطفالك',
      description: `فتحت ${SCHOOL_NAME} أبوابها عام 2009 بفصل واحد واثني عشر طفلًا. واليوم تتشارك أربعة فصول، من الحضانة إلى الصف الثاني، مبنًى مشمسًا وحديقة خضراوات ومكتبة مليئة بالكتب المصوّرة. نتابع كل طفل على قدر خطوه، ونحتفل بكل خطوة صغيرة، ونُبقي الأهل قريبين من كل ما نفعله.`,
      learnMoreLabel: 'اعرف المزيد',
    },
  ],
  class: [{ label: 'فصولنا المحبوبة', title: 'فصول لأطفالك' }],
  kidsclasses: [
    {
      title: 'الحضانة',
      description:
        'يكتشف أصغر أطفالنا الألوان والأشكال والملامس بأقلام الشمع والرسم بالأصابع والصلصال، ويتعلّمون اللعب معًا. وينتهي كل فصل دراسي بمعرض صغير للعائلات.',
      ageOfKids: 'من 3 إلى 4 سنوات',
      totalSeats: `${DEMO_SEATS.Nursery} مقعدًا`,
      classTime: '8 صباحًا - 12 ظهرًا',
      tuitionFee: '290 دولارًا / شهريًا',
    },
    {
      title: 'الروضة',
      description:
        'القصص والأغاني والأناشيد تُثري المفردات وتزرع حب الكتب. ويأخذ الأطفال كل يوم جمعة كتابًا من المكتبة إلى البيت ليقرؤوه مع عائلاتهم.',
      ageOfKids: 'من 4 إلى 5 سنوات',
      totalSeats: `${DEMO_SEATS.KG} مقعدًا`,
      classTime: '8 صباحًا - 1 ظهرًا',
      tuitionFee: '250 دولارًا / شهريًا',
    },
    {
      title: 'الصف الأول',
      description:
        'اكتشاف بالتجربة في حديقة المدرسة: نزرع البذور ونراقب الفراشات ونطرح الكثير من أسئلة «لماذا؟» والعدسة المكبّرة في أيدينا، إلى جانب القراءة الأولى والأعداد.',
      ageOfKids: 'من 5 إلى 6 سنوات',
      totalSeats: `${DEMO_SEATS['Class 1']} مقعدًا`,
      classTime: '8 صباحًا - 2 ظهرًا',
      tuitionFee: '270 دولارًا / شهريًا',
    },
    {
      title: 'الصف الثاني',
      description:
        'القراءة والكتابة والحساب كل صباح، وكل بعد ظهر في الهواء الطلق: الرياضة والحديقة والمشاريع التي يختارها الصف معًا.',
      ageOfKids: 'من 6 إلى 7 سنوات',
      totalSeats: `${DEMO_SEATS['Class 2']} مقعدًا`,
      classTime: '8 صباحًا - 3 عصرًا',
      tuitionFee: '270 دولارًا / شهريًا',
    },
  ],
  comments: [
    {
      designation: 'والدة عائشة، الروضة',
      quote:
        'كانت عائشة تختبئ خلفي عند البوابة. وبعد فصل دراسي واحد صارت تدخل وهي تغنّي، وتحدّثنا كل مساء عن صديقاتها وعن القصص التي تقرؤها المعلّمة Okafor. المعلّمون يعرفون كل طفل حقًّا.',
    },
    {
      designation: 'والد يوناس، الصف الأول',
      quote:
        'نحب الرسائل الأسبوعية من معلّمة الفصل. نعرف دائمًا ما يتعلّمه يوناس، وهو فخور بأن يرينا دفتر حديقته. الانصراف هادئ والفريق مبتسم دائمًا.',
    },
    {
      designation: 'والدة ليلي، الحضانة',
      quote:
        'كان التأقلم لطيفًا جدًا. كان لليلي رفيق منذ اليوم الأول، وأرسل لنا فريق الحضانة صورة وقت الغداء. وبعد عامين ما زالت تسأل: هل اليوم يوم مدرسة؟',
    },
    {
      designation: 'والد صوفيا، الصف الثاني',
      quote:
        'صارت صوفيا تقرأ لأخيها الصغير كل ليلة. نادي المكتبة والمعلّمون الصبورون المشجّعون صنعوا الفرق كله. شكرًا لكم يا Sunny Meadows!',
    },
  ],
  teacher: [
    { label: 'معلّمونا', title: 'تعرّف إلى معلّمينا', designation: 'معلّمة اللغة الإنجليزية' },
    { designation: 'معلّم الرياضيات' },
    { designation: 'معلّمة العلوم' },
    { designation: 'معلّمة الفنون والأشغال اليدوية' },
  ],
  blog: [
    {
      label: 'أحدث المقالات',
      title: 'أحدث مقالات المدوّنة',
      heading: 'خمس طرق تجعل قراءة ما قبل النوم ساحرة',
      description:
        'قصة عند النوم من أجمل الهدايا التي تقدّمها لطفل صغير. دع طفلك يختار الكتاب، واستعمل صوتًا مختلفًا لكل شخصية، وتوقّف لتخمّنا معًا ما سيحدث بعد ذلك، وأبقِ الإضاءة خافتة. عشر دقائق دافئة كل ليلة تنمّي المفردات والخيال وحبًّا للكتب يدوم العمر كله.',
      category: 'القراءة',
    },
    {
      heading: 'أفكار لعلبة الغداء سيأكلها أطفالك فعلًا',
      description:
        'السر في الألوان: قوس قزح من أصابع الجزر والعنب وشرائح التفاح وشطيرة من الخبز الأسمر مقطّعة مثلثات. دع طفلك يساعد في تجهيز العلبة في المساء السابق، وأضف زجاجة ماء بدل العصير، واترك الحلويات ليوم الجمعة. يشارك فريق مطبخنا وصفة جديدة كل شهر.',
      category: 'الصحة والتغذية',
    },
    {
      heading: 'لماذا صار اللعب في الهواء الطلق أهم من أي وقت مضى',
      description:
        'الجري والتسلّق وإطلاق طائرة ورقية ليست استراحة من التعلّم، بل هي تعلّم. اللعب في الهواء الطلق يبني التوازن والثقة والصداقات، ويعود الأطفال إلى الفصل أهدأ وأكثر استعدادًا للتركيز. لذلك يقضي كل فصل في Sunny Meadows ساعة على الأقل في الخارج كل يوم، في المطر كما في الشمس.',
      category: 'اللعب والنمو',
    },
  ],
  facilities: [
    {
      heading: 'حافلة مدرسية آمنة',
      description:
        'نقل من الباب إلى الباب على ستة خطوط، مع مرافق مدرَّب في كل حافلة ورسالة إلى الأهل عند كل محطة.',
    },
    {
      heading: 'وجبات صحية',
      description:
        'فطور وغداء متوازنان يُطهيان طازجَين في مطبخنا، مع خيارات نباتية وأخرى تناسب أصحاب الحساسية.',
    },
    {
      heading: 'الفن والإبداع',
      description:
        'غرفة فنون مشرقة فيها ألوان وصلصال وركن للتشكيل من المواد المعاد تدويرها، مفتوحة لكل فصل كل أسبوع.',
    },
    {
      heading: 'الموسيقى والرقص',
      description: 'غناء وألعاب إيقاع وحركة كل صباح، وحفل صغير للعائلات في كل فصل دراسي.',
    },
    {
      heading: 'حرم مدرسي آمن ومحميّ',
      description:
        'بوابات مؤمَّنة وقائمة موقَّعة بمن يحق لهم اصطحاب الأطفال، وفريق مدرَّب على الإسعافات الأولية للأطفال وحمايتهم.',
    },
    {
      heading: 'حديقة لعب في الهواء الطلق',
      description: 'زلاقات وأراجيح وحوض رمل وبستان خضراوات يزرع فيه الأطفال وجباتهم الخفيفة بأنفسهم.',
    },
  ],
  gallery: [{ label: 'معرض صورنا', title: 'معرض صور مدرستنا' }],
  blogdetails: [
    {
      label: 'اللعب والنمو',
      title: 'لماذا صار اللعب في الهواء الطلق أهم من أي وقت مضى',
      description:
        'يقضي أطفال اليوم داخل البيوت وقتًا أطول من أي جيل قبلهم. في Sunny Meadows نرى أن الملعب من أهم فصولنا الدراسية، وإليكم السبب.',
    },
    {
      label: `بقلم ${PRINCIPAL.name}`,
      title: 'التعلّم يحدث في كل مكان',
      description:
        'راقب مجموعة من أطفال الرابعة على جهاز التسلّق، وسترى التخطيط وتبادل الأدوار والعدّ وقدرًا كبيرًا من الشجاعة. اللعب في الخارج هو طريقة الأطفال الصغار في اختبار أفكارهم بأجسادهم كلها.',
    },
    {
      label: 'ما تقوله الأبحاث',
      title: 'أجسام أقوى وعقول أهدأ',
      description:
        'اللعب النشط في الهواء الطلق يقوّي العضلات والتوازن، ويساعد الأطفال على نوم أفضل، ويحسّن انتباههم حين يعودون إلى الداخل. والهواء النقي وضوء النهار يرفعان معنويات الجميع، والمعلّمون منهم.\n\nولا تقلّ الدروس الاجتماعية أهمية: الاتفاق على قواعد اللعبة، وانتظار الدور على الأرجوحة، ومساعدة صديق وقع أرضًا. هذه أولى الخطوات نحو التعاطف وروح الفريق.',
    },
    {
      label: 'في Sunny Meadows',
      title: 'كيف نفعل ذلك كل يوم',
      description:
        'يقضي كل فصل ساعة على الأقل في الخارج كل يوم. نحتفظ بأحذية ومعاطف مطر احتياطية للجميع، ونزرع الخضراوات في حديقتنا، ونخرج في نزهة قصيرة في الطبيعة كل أسبوع. والأهل مرحَّب بهم في صباحات البستنة أيام السبت.',
    },
    {
      title: `مديرة المدرسة، ${SCHOOL_NAME}`,
      description:
        'تقود Margaret مدرسة Sunny Meadows منذ اثني عشر عامًا. وقبل ذلك درّست فصول الروضة عشر سنوات، وما زالت تقرأ قصة لكل فصل مرة في الأسبوع.',
    },
  ],
  contacts: [
    {
      label: 'تواصل معنا',
      title: 'راسلنا في أي استفسار',
      description:
        'لديك سؤال عن القبول أو الرسوم أو زيارة المدرسة؟ راسلنا أو تفضّل بزيارتنا: يردّ فريق مكتبنا على كل رسالة خلال يوم دراسي واحد.',
    },
  ],
};

export function demoContentTranslations(): Partial<Record<Locale, DemoTranslations>> {
  return { fr: FRENCH, ar: ARABIC };
}
