"""The subtypes of each card type (205.3g-205.3q), as the Comprehensive Rules list them.

A type-changing effect that sets subtypes replaces only those of the same set (205.1a: "becomes a
Human" replaces its creature types, not its land types), and removing a card type removes the
subtypes correlated with it unless another card type it still has shares them. Changeling gives
every creature type (702.73a). Read from the CR of 2026-01-16; words as printed there, with a
straight apostrophe.
"""

from __future__ import annotations

ARTIFACT_TYPES = frozenset({  # 205.3g
    'Attraction', 'Blood', 'Bobblehead', 'Clue', 'Contraption', 'Equipment', 'Food', 'Fortification', 'Gold',
    'Incubator', 'Infinity', 'Junk', 'Lander', 'Map', 'Powerstone', 'Spacecraft', 'Stone', 'Treasure', 'Vehicle'
})
ENCHANTMENT_TYPES = frozenset({  # 205.3h
    'Aura', 'Background', 'Cartouche', 'Case', 'Class', 'Curse', 'Role', 'Room', 'Rune', 'Saga', 'Shard',
    'Shrine'
})
LAND_TYPES = frozenset({  # 205.3i
    'Cave', 'Desert', 'Forest', 'Gate', 'Island', 'Lair', 'Locus', 'Mine', 'Mountain', 'Plains', 'Planet',
    'Power-Plant', 'Sphere', 'Swamp', 'Tower', 'Town', "Urza's"
})
PLANESWALKER_TYPES = frozenset({  # 205.3j
    'Ajani', 'Aminatou', 'Angrath', 'Arlinn', 'Ashiok', 'Bahamut', 'Basri', 'Bolas', 'Calix', 'Chandra',
    'Comet', 'Dack', 'Dakkon', 'Daretti', 'Davriel', 'Dihada', 'Domri', 'Dovin', 'Ellywick', 'Elminster',
    'Elspeth', 'Estrid', 'Freyalise', 'Garruk', 'Gideon', 'Grist', 'Guff', 'Huatli', 'Jace', 'Jared', 'Jaya',
    'Jeska', 'Kaito', 'Karn', 'Kasmina', 'Kaya', 'Kiora', 'Koth', 'Liliana', 'Lolth', 'Lukka', 'Minsc',
    'Mordenkainen', 'Nahiri', 'Narset', 'Niko', 'Nissa', 'Nixilis', 'Oko', 'Quintorius', 'Ral', 'Rowan',
    'Saheeli', 'Samut', 'Sarkhan', 'Serra', 'Sivitri', 'Sorin', 'Szat', 'Tamiyo', 'Tasha', 'Teferi', 'Teyo',
    'Tezzeret', 'Tibalt', 'Tyvar', 'Ugin', 'Urza', 'Venser', 'Vivien', 'Vraska', 'Vronos', 'Will', 'Windgrace',
    'Wrenn', 'Xenagos', 'Yanggu', 'Yanling', 'Zariel'
})
SPELL_TYPES = frozenset({  # 205.3k
    'Adventure', 'Arcane', 'Lesson', 'Omen', 'Trap'
})
CREATURE_TYPES = frozenset({  # 205.3m
    'Time Lord', 'Advisor', 'Aetherborn', 'Alien', 'Ally', 'Angel', 'Antelope', 'Ape', 'Archer', 'Archon',
    'Armadillo', 'Army', 'Artificer', 'Assassin', 'Assembly-Worker', 'Astartes', 'Atog', 'Aurochs', 'Avatar',
    'Azra', 'Badger', 'Balloon', 'Barbarian', 'Bard', 'Basilisk', 'Bat', 'Bear', 'Beast', 'Beaver', 'Beeble',
    'Beholder', 'Berserker', 'Bird', 'Bison', 'Blinkmoth', 'Boar', 'Bringer', 'Brushwagg', 'Camarid', 'Camel',
    'Capybara', 'Caribou', 'Carrier', 'Cat', 'Centaur', 'Child', 'Chimera', 'Citizen', 'Cleric', 'Clown',
    'Cockatrice', 'Construct', 'Coward', 'Coyote', 'Crab', 'Crocodile', "C'tan", 'Custodes', 'Cyberman',
    'Cyclops', 'Dalek', 'Dauthi', 'Demigod', 'Demon', 'Deserter', 'Detective', 'Devil', 'Dinosaur', 'Djinn',
    'Doctor', 'Dog', 'Dragon', 'Drake', 'Dreadnought', 'Drix', 'Drone', 'Druid', 'Dryad', 'Dwarf', 'Echidna',
    'Efreet', 'Egg', 'Elder', 'Eldrazi', 'Elemental', 'Elephant', 'Elf', 'Elk', 'Employee', 'Eye', 'Faerie',
    'Ferret', 'Fish', 'Flagbearer', 'Fox', 'Fractal', 'Frog', 'Fungus', 'Gamer', 'Gargoyle', 'Germ', 'Giant',
    'Gith', 'Glimmer', 'Gnoll', 'Gnome', 'Goat', 'Goblin', 'God', 'Golem', 'Gorgon', 'Graveborn', 'Gremlin',
    'Griffin', 'Guest', 'Hag', 'Halfling', 'Hamster', 'Harpy', 'Hedgehog', 'Hellion', 'Hero', 'Hippo',
    'Hippogriff', 'Homarid', 'Homunculus', 'Horror', 'Horse', 'Human', 'Hydra', 'Hyena', 'Illusion', 'Imp',
    'Incarnation', 'Inkling', 'Inquisitor', 'Insect', 'Jackal', 'Jellyfish', 'Juggernaut', 'Kangaroo', 'Kavu',
    'Kirin', 'Kithkin', 'Knight', 'Kobold', 'Kor', 'Kraken', 'Llama', 'Lamia', 'Lammasu', 'Leech', 'Lemur',
    'Leviathan', 'Lhurgoyf', 'Licid', 'Lizard', 'Lobster', 'Manticore', 'Masticore', 'Mercenary', 'Merfolk',
    'Metathran', 'Minion', 'Minotaur', 'Mite', 'Mole', 'Monger', 'Mongoose', 'Monk', 'Monkey', 'Moogle',
    'Moonfolk', 'Mount', 'Mouse', 'Mutant', 'Myr', 'Mystic', 'Nautilus', 'Necron', 'Nephilim', 'Nightmare',
    'Nightstalker', 'Ninja', 'Noble', 'Noggle', 'Nomad', 'Nymph', 'Octopus', 'Ogre', 'Ooze', 'Orb', 'Orc',
    'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin', 'Peasant', 'Pegasus', 'Pentavite', 'Performer',
    'Pest', 'Phelddagrif', 'Phoenix', 'Phyrexian', 'Pilot', 'Pincher', 'Pirate', 'Plant', 'Platypus',
    'Porcupine', 'Possum', 'Praetor', 'Primarch', 'Prism', 'Processor', 'Qu', 'Rabbit', 'Raccoon', 'Ranger',
    'Rat', 'Rebel', 'Reflection', 'Rhino', 'Rigger', 'Robot', 'Rogue', 'Sable', 'Salamander', 'Samurai', 'Sand',
    'Saproling', 'Satyr', 'Scarecrow', 'Scientist', 'Scion', 'Scorpion', 'Scout', 'Sculpture', 'Seal', 'Serf',
    'Serpent', 'Servo', 'Shade', 'Shaman', 'Shapeshifter', 'Shark', 'Sheep', 'Siren', 'Skeleton', 'Skunk',
    'Slith', 'Sliver', 'Sloth', 'Slug', 'Snail', 'Snake', 'Soldier', 'Soltari', 'Sorcerer', 'Spawn', 'Specter',
    'Spellshaper', 'Sphinx', 'Spider', 'Spike', 'Spirit', 'Splinter', 'Sponge', 'Squid', 'Squirrel', 'Starfish',
    'Surrakar', 'Survivor', 'Symbiote', 'Synth', 'Tentacle', 'Tetravite', 'Thalakos', 'Thopter', 'Thrull',
    'Tiefling', 'Toy', 'Treefolk', 'Trilobite', 'Triskelavite', 'Troll', 'Turtle', 'Tyranid', 'Unicorn',
    'Vampire', 'Varmint', 'Vedalken', 'Villain', 'Volver', 'Wall', 'Walrus', 'Warlock', 'Warrior', 'Weasel',
    'Weird', 'Werewolf', 'Whale', 'Wizard', 'Wolf', 'Wolverine', 'Wombat', 'Worm', 'Wraith', 'Wurm', 'Yeti',
    'Zombie', 'Zubera'
})
BATTLE_TYPES = frozenset({  # 205.3q
    'Siege'
})
BASIC_LAND_TYPES = frozenset({"Forest", "Island", "Mountain", "Plains", "Swamp"})  # 205.3i, 305.6

SUBTYPE_SETS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "artifact": (ARTIFACT_TYPES, ('Artifact',)),
    "enchantment": (ENCHANTMENT_TYPES, ('Enchantment',)),
    "land": (LAND_TYPES, ('Land',)),
    "planeswalker": (PLANESWALKER_TYPES, ('Planeswalker',)),
    "spell": (SPELL_TYPES, ('Instant', 'Sorcery')),
    "creature": (CREATURE_TYPES, ('Creature', 'Kindred')),
    "battle": (BATTLE_TYPES, ('Battle',)),
}
"""Each set of subtypes, with the card types it belongs to (creature types are also kindred types, 205.3m;
instants and sorceries share the spell types, 205.3k)."""



def subtype_set(word: str) -> str | None:
    """The name of the set ``word`` is a subtype of ("creature", "land", ...), or None for a word
    no set lists (a teacher's made-up type is left alone by effects that set subtypes)."""
    for name, (words, _types) in SUBTYPE_SETS.items():
        if word in words:
            return name
    return None


def correlated(word: str, types: frozenset[str]) -> bool:
    """Whether ``word`` is a subtype of one of the card types ``types`` (205.1a): a creature type
    stays while the object is a creature or a kindred, a land type while it is a land. A word no
    set lists is kept (the kit can't tell what it belongs to)."""
    name = subtype_set(word)
    return name is None or any(t in types for t in SUBTYPE_SETS[name][1])
